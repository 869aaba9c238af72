import { Button, Caption1, Field, MessageBar, MessageBarBody, MessageBarTitle, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentDismissRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { canActOnPurchaseOrder, purchaseOrderActions, type PurchaseOrder, type PurchaseOrderAction, type PurchaseOrderSide } from '../../../shared/schemas/purchase-order';
import { usePendingKeys } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { Facts, type Fact } from '../../ui/Facts';
import { FormDialog } from '../../ui/FormDialog';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { MoneyTotals } from '../../ui/MoneyTotals';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { RefusalNote } from '../../ui/RefusalNote';
import { PurchaseOrderTransport } from '../transport/DealTransport';
import { IssueInvoiceAction } from '../invoices/IssueInvoiceAction';
import { usePurchaseOrderMutations } from './mutations';
import { PurchaseOrderBadges } from './PurchaseOrderCard';
import { keepWhole } from '../../ui/Identifier';
import { purchaseOrderKey, sideOf, usePurchaseOrder, useSellerCity } from './queries';
import { CloseShortBody, LineQuantities } from './LineQuantities';
import { OrderReceipts } from '../goods-receipts/OrderReceipts';
import { ReceiptForm } from '../goods-receipts/ReceiptForm';
import { useOrderReceipts } from '../goods-receipts/queries';
import { DELIVERY_PARAM, RECEIVABLE_STATUSES as RECEIVABLE, RECEIVE_PARAM, receiveUrl } from '../goods-receipts/receiptForm';
import { OrderDisputes, OpenDisputeAction } from '../disputes/OrderDisputes';
import { purchaseOrderPdfUrl } from '../../data/api/goods-receipts';
import { DealReview } from '../reviews/DealReview';



const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'grid', gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  subtitle: { margin: 0, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  section: { display: 'grid', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  line: {
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    paddingBlockEnd: tokens.spacingVerticalS,
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
    overflowWrap: 'anywhere',
  },
  lineHead: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  // The seller's words as typed (their line breaks kept), wrapped within a phone's width.
  notes: { display: 'grid', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  notesText: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  amounts: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  pdf: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, justifySelf: 'start' },
});

/** /purchase-orders/{id}: one order, the seller's notes on it, its lines with VAT and totals, and the moves open to the reader's side. */
export function PurchaseOrderDetail({ id, accountId }: { id: string; accountId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-orders');
  const order = usePurchaseOrder(id);
  const pendingKeys = usePendingKeys();
  const [search] = useSearchParams();
  const back = <BackLink to={PATHS.purchaseOrders} label={t('back')} testId="back-to-pos" />;

  if (order === undefined) return <ListSkeleton rows={2} label={t('loading')} />;
  if (order === null)
    return (
      <section className={styles.root} aria-labelledby="screen-title">
        {back}
        <h1 id="screen-title" className={styles.title}>
          {t('missing.title')}
        </h1>
        <EmptyState icon={<DocumentDismissRegular />} title={t('missing.title')} body={t('missing.body')} testId="po-missing" />
      </section>
    );
  const side = sideOf(order, accountId);
  if (search.has(RECEIVE_PARAM) && side === 'buyer' && RECEIVABLE.has(order.status)) return <ReceiptForm order={order} deliveryId={search.get(DELIVERY_PARAM)} />;
  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="po-detail" data-po-id={order.id} data-status={order.status}>
      {back}
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          {t('detail.title', { number: keepWhole(order.number) })}
        </h1>
        <p className={styles.subtitle}>
          <bdi>{order.title}</bdi>
        </p>
        <div className={styles.badges}>
          <PurchaseOrderBadges order={order} side={side} pending={pendingKeys.has(purchaseOrderKey(order.id))} />
        </div>
        <AwaitingApproval order={order} side={side} />
        <OrderFacts order={order} side={side} />
        <a href={purchaseOrderPdfUrl(order.id)} target="_blank" rel="noopener noreferrer" className={styles.pdf} data-testid="po-pdf">
          <DocumentPdfRegular aria-hidden />
          {t('detail.pdf')}
        </a>
        {order.notes && (
          <div className={styles.notes} data-testid="po-notes">
            <Caption1 className={styles.muted}>{t('detail.notes')}</Caption1>
            <p className={styles.notesText}>
              <bdi>{order.notes}</bdi>
            </p>
          </div>
        )}
        {order.reason && <Caption1 className={styles.muted}>{t('detail.reason', { reason: order.reason })}</Caption1>}
        <RefusalNote rowKey={purchaseOrderKey(order.id)} />
      </div>
      <OrderLines order={order} />
      <OrderActions order={order} side={side} />
      <OrderReceipts order={order} />
      <OrderDisputes order={order} side={side} />
      {/* Nothing is invoiced on an order its buyer has not issued yet. */}
      {order.status !== 'awaiting_approval' && <IssueInvoiceAction order={order} side={side} />}
      {side === 'buyer' && order.status === 'accepted' && <BuyerTransport order={order} />}
      {/* Goods received (a receipt line is never empty): a completed deal, each side reviews the other once. */}
      {order.lines.some((l) => l.received_quantity > 0) && (
        <DealReview deal={{ purchase_order_id: order.id }} otherName={(side === 'buyer' ? order.seller_name : order.buyer_name) ?? t('card.someone')} />
      )}
    </section>
  );
}

/** The buyer's "request transport" on an accepted order: from the seller's national address, or the city its products name when the order names no address. */
function BuyerTransport({ order }: { order: PurchaseOrder }) {
  const city = useSellerCity(order.seller_id);
  return <PurchaseOrderTransport order={order} fallbackPickup={city} />;
}

/**
 * An order waiting for its buyer's own approval (shared/lifecycles/purchase-orders.ts): the
 * buyer is sent to the purchase request it waits for; the seller is told it cannot act yet
 * (no action is offered on it: the shared rule gives the seller none).
 */
function AwaitingApproval({ order, side }: { order: PurchaseOrder; side: PurchaseOrderSide }) {
  const { t } = useTranslation('purchase-orders');
  if (order.status !== 'awaiting_approval') return null;
  return (
    <MessageBar layout="multiline" intent="warning" data-testid="po-awaiting-approval" data-side={side}>
      <MessageBarBody>
        <MessageBarTitle>{t(`awaiting.${side}Title`)}</MessageBarTitle> {t(`awaiting.${side}`)}{' '}
        {side === 'buyer' && order.approval_request_id && (
          <RouterLink to={`${PATHS.purchaseRequests}/${order.approval_request_id}`} data-testid="po-approval-request">
            {t('awaiting.openRequest')}
          </RouterLink>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}

function OrderFacts({ order, side }: { order: PurchaseOrder; side: PurchaseOrderSide }) {
  const { t } = useTranslation('purchase-orders');
  const format = useFormat();
  const facts: Fact[] = [
    { term: t('card.buyer'), value: <bdi>{order.buyer_name ?? t('card.someone')}</bdi>, testId: 'po-buyer' },
    { term: t('card.seller'), value: <bdi>{order.seller_name ?? t('card.someone')}</bdi>, testId: 'po-seller' },
    { term: t('card.issued'), value: format.dateTime(order.issued_at) },
    { term: t('detail.deliveryLocation'), value: <bdi>{order.delivery_location}</bdi>, testId: 'po-location' },
  ];
  // The buyer's site it buys for: the buyer opens it; the seller reads where it goes.
  if (order.site_name)
    facts.splice(2, 0, {
      term: t('detail.site'),
      value: side === 'buyer' && order.site_id ? <RouterLink to={`${PATHS.sites}/${order.site_id}`}><bdi>{order.site_name}</bdi></RouterLink> : <bdi>{order.site_name}</bdi>,
      testId: 'po-site',
    });
  if (order.delivery_date) facts.push({ term: t('detail.deliveryDate'), value: format.date(order.delivery_date), testId: 'po-delivery-date' });
  if (order.delivery_days != null) facts.push({ term: t('detail.deliveryDays'), value: t('detail.days', { count: order.delivery_days }) });
  return <Facts facts={facts} />;
}

/** The lines as a tax invoice states them: quantity × unit price, VAT per line, and the totals that are their sums. */
function OrderLines({ order }: { order: PurchaseOrder }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-orders');
  const format = useFormat();
  const lines = [...order.lines].sort((a, b) => a.position - b.position);
  return (
    <section className={styles.section} aria-labelledby="po-lines">
      <h2 id="po-lines" className={styles.h2}>
        {t('detail.lines', { count: lines.length })}
      </h2>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.id} className={styles.line} data-testid="po-line">
            <span className={styles.lineHead}>{t('detail.lineTitle', { position: format.number(line.position), description: line.description })}</span>
            <span data-testid="po-line-quantity" data-money>
              {t('detail.quantityPrice', { quantity: format.number(line.quantity), unit: line.unit, price: format.sar(line.unit_price) })}
            </span>
            <span className={styles.amounts}>
              <span data-testid="po-line-total" data-money>{t('detail.lineTotal', { total: format.sar(line.line_total) })}</span>
              <span data-testid="po-line-vat" data-money>
                {t('detail.lineVat', { rate: format.number(line.vat_rate, { style: 'percent' }), vat: format.sar(line.vat_amount) })}
              </span>
            </span>
            <LineQuantities line={line} />
            {line.exemption_reason_code && (
              <bdi className={styles.muted} data-testid="po-line-exemption">
                {t(line.vat_category === 'E' ? 'detail.lineExempt' : 'detail.lineZeroRated', {
                  reason: t(`orders:form.vatReasons.${line.exemption_reason_code}`, { defaultValue: line.exemption_reason ?? line.exemption_reason_code }),
                })}
              </bdi>
            )}
            {line.note && (
              <span className={styles.muted} data-testid="po-line-note">
                {t('detail.lineNote', { note: line.note })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <MoneyTotals
        testId="po-totals"
        subtotal={{ term: t('detail.subtotal'), value: format.sar(order.subtotal), testId: 'po-subtotal' }}
        vat={{ term: t('detail.vat'), value: format.sar(order.vat_total), testId: 'po-vat' }}
        total={{ term: t('detail.total'), value: format.sar(order.total), testId: 'po-grand-total' }}
      />
    </section>
  );
}

/** The moves open to the reader's side (the shared rule), each asked once more; a decline or a cancel may say why. */
function OrderActions({ order, side }: { order: PurchaseOrder; side: PurchaseOrderSide }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-orders');
  const { act } = usePurchaseOrderMutations();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<PurchaseOrderAction | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const actions = purchaseOrderActions(side, order);
  const receipts = useOrderReceipts(order);
  const canReceive = side === 'buyer' && RECEIVABLE.has(order.status);
  const canDispute = side === 'buyer' && Boolean(receipts?.some((r) => !r.pending));
  // The buyer whose status would allow a cancel is told why it is not offered: money or goods moved on the order.
  const cancelBlocked = order.cancel_blocker && canActOnPurchaseOrder('cancel', side, order.status) ? order.cancel_blocker : null;
  if (!actions.length && !cancelBlocked && !canReceive && !canDispute) return null;
  const withReason = asking === 'decline' || asking === 'cancel';
  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await act(order.id, asking, withReason ? reason : undefined);
      setAsking(null);
      setReason('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      {canReceive && (
        <Button appearance="primary" onClick={() => void navigate(receiveUrl(order.id))} data-testid="po-record-receipt">
          {t('actions.record_receipt')}
        </Button>
      )}
      {canDispute && <OpenDisputeAction order={order} receipts={receipts ?? []} />}
      {actions.map((action) => (
        <Button key={action} appearance={action === 'accept' || action === 'deliver' || action === 'close' ? 'primary' : 'secondary'} onClick={() => setAsking(action)} data-testid={`po-${action}`}>
          {t(`actions.${action}`)}
        </Button>
      ))}
      {cancelBlocked && (
        <Caption1 className={styles.muted} data-testid="po-cancel-blocked">
          {t(`cancelBlocked.${cancelBlocked}`)}
        </Caption1>
      )}
      {asking && (
        <FormDialog
          title={t(`confirm.${asking}.title`, { number: keepWhole(order.number) })}
          submitLabel={t(`actions.${asking}`)}
          cancelLabel={t('confirm.back')}
          busy={busy}
          onSubmit={confirm}
          onClose={() => setAsking(null)}
          formTestId="po-confirm-form"
          submitTestId="po-confirm"
        >
          {asking === 'close_short' ? <CloseShortBody order={order} /> : <p>{t(`confirm.${asking}.body`)}</p>}
          {withReason && (
            <Field label={t('confirm.reason')}>
              <Textarea name="reason" value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" />
            </Field>
          )}
        </FormDialog>
      )}
    </div>
  );
}
