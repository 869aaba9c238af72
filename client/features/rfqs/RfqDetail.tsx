/**
 * /rfqs/{id}: one request with its quotes compared (computed on the device from the
 * synced rows, so it opens offline; each line's market price comes with the pulled RFQ,
 * which every quote sends to its buyer again), its export as XLSX, the award while it
 * may be awarded, and the purchase orders the award made. How many suppliers it reached
 * is the server's to say (it picks the market's sellers), so a request not yet there
 * says so instead of a count; it may be edited until its first quote (shared/rfq.ts
 * editRefusal).
 */
import { Button, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { canAward, canCancelRfq, compareQuotes, editRefusal, rfqPhase } from '../../../shared/rfq';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import type { Rfq } from '../../../shared/schemas/rfq';
import { usePendingKeys } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { dirOf } from '../../i18n/languages';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Facts } from '../../ui/Facts';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { download } from '../../ui/download';
import { useNow } from '../instant-orders/queries';
import { useSite } from '../sites/queries';
import { AwardPanel } from './AwardPanel';
import { startChoice, type AwardChoice } from './award';
import { Comparison } from './Comparison';
import { comparisonXlsx } from './exportComparison';
import { useRfqMutations } from './mutations';
import { rfqKey, useRfq } from './queries';
import { useCategoryLabel } from './useCategoryLabel';
import { keepWhole } from '../../ui/Identifier';
import { PURCHASE_ORDER_TONE, RFQ_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  section: { display: 'grid', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, minInlineSize: 0 },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'grid', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground2 },
});

export function RfqDetail({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const view = useRfq(id);
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <BackLink to={PATHS.rfqs} label={t('back')} />
      {view === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : view.rfq === null ? (
        <>
          <h1 id="screen-title" className={styles.title}>
            {t('detail.missingTitle')}
          </h1>
          <EmptyState title={t('detail.missing')} />
        </>
      ) : (
        <Loaded rfq={view.rfq} quotes={view.quotes} orders={view.orders} />
      )}
    </section>
  );
}

function Loaded({ rfq, quotes, orders }: { rfq: Rfq; quotes: NonNullable<ReturnType<typeof useRfq>>['quotes']; orders: PurchaseOrder[] }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('rfqs');
  const format = useFormat();
  const now = useNow();
  const pending = usePendingKeys();
  const categoryName = useCategoryLabel();
  const { award, cancel } = useRfqMutations();
  const navigate = useNavigate();
  const status = rfqPhase(rfq, new Date(now));
  const isPending = pending.has(rfqKey(rfq.id));
  const editable = !isPending && editRefusal(rfq, Math.max(quotes.length, rfq.quote_count), new Date(now)) === null;
  const reached = rfq.supplier_ids?.length ?? 0;
  // The buyer's site it buys for, and the purchase request it was made from (a supplier's copy names neither).
  const site = useSite(rfq.site_id ?? '');
  // Compared once per change of the rows.
  const comparison = useMemo(() => compareQuotes({ ...rfq, status }, quotes), [rfq, status, quotes]);
  const awardable = canAward(rfq, new Date(now)) && quotes.length > 0 && !pending.has(rfqKey(rfq.id));
  const [choice, setChoice] = useState<AwardChoice | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // The award starts from the lowest price of each line, as the panel's first choice says.
  const lowest = useMemo(() => (awardable ? startChoice(comparison, 'lowest') : null), [awardable, comparison]);
  const shownChoice = awardable ? (choice ?? lowest) : null;

  const exportXlsx = async () => {
    const blob = await comparisonXlsx(
      comparison,
      {
        line: t('export.line'),
        description: t('form.fields.description'),
        quantity: t('form.fields.quantity'),
        unit: t('form.fields.unit'),
        market: t('export.market'),
        unitPrice: (name) => t('export.unitPrice', { name, interpolation: { escapeValue: false } }),
        lineTotal: (name) => t('export.lineTotal', { name, interpolation: { escapeValue: false } }),
        coverage: t('compare.coverage'),
        subtotal: t('compare.subtotal'),
        vat: t('export.vat'),
        total: t('compare.total'),
        delivery: t('export.deliveryDays'),
        validUntil: t('compare.validUntil'),
        notes: t('compare.notes'),
        someone: t('someone'),
      },
      dirOf(i18n.resolvedLanguage) === 'rtl',
    );
    download(blob, `${t('export.fileName')}.xlsx`);
  };

  return (
    <>
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          <bdi>{rfq.title}</bdi>
        </h1>
        <StatusBadge label={t(`status.${status}`)} tone={RFQ_TONE[status]} status={status} testId="rfq-status" />
        {pending.has(rfqKey(rfq.id)) && <PendingBadge />}
      </div>
      <RefusalNote rowKey={rfqKey(rfq.id)} />
      <Facts
        facts={[
          ...(rfq.site_id
            ? [{ term: t('form.fields.site'), value: <Link to={`${PATHS.sites}/${rfq.site_id}`}><bdi>{site?.name ?? t('form.siteUnknown')}</bdi></Link>, testId: 'rfq-site' }]
            : []),
          ...(rfq.purchase_request_id
            ? [{ term: t('detail.fromRequest'), value: <Link to={`${PATHS.purchaseRequests}/${rfq.purchase_request_id}`}>{t('detail.openRequest')}</Link>, testId: 'rfq-request' }]
            : []),
          { term: t('form.fields.location'), value: <bdi>{rfq.location}</bdi> },
          ...(rfq.needed_by ? [{ term: t('form.fields.needed_by'), value: format.date(rfq.needed_by) }] : []),
          { term: t('card.closes'), value: format.dateTime(rfq.closes_at) },
          { term: t('card.audience'), value: t(`audience.${rfq.audience}`) },
          // The optimistic copy cannot know whom the server will reach.
          { term: t('card.reached'), value: isPending ? t('detail.reachedPending') : t('detail.reached', { count: reached }), testId: 'rfq-reached' },
          { term: t('card.quotes'), value: format.number(quotes.length), testId: 'rfq-quote-count' },
        ]}
      />

      {!isPending && reached === 0 && rfq.audience === 'market' && status === 'open' && (
        <MessageBar layout="multiline" intent="info" data-testid="rfq-reached-none">
          <MessageBarBody>{t('detail.reachedNone')}</MessageBarBody>
        </MessageBar>
      )}
      {editable && (
        <div className={styles.actions}>
          <Button onClick={() => void navigate(`${PATHS.rfqs}/${rfq.id}?edit`)} data-testid="edit-rfq">
            {t('detail.edit')}
          </Button>
          <Text className={styles.muted}>{t('detail.editHint')}</Text>
        </div>
      )}
      {orders.length > 0 && <OrdersMade orders={orders} />}
      {status === 'awarded' && orders.length === 0 && (
        <MessageBar layout="multiline" intent="info">
          <MessageBarBody>{t('detail.ordersComing')}</MessageBarBody>
        </MessageBar>
      )}

      {quotes.length === 0 ? (
        <section className={styles.section} aria-labelledby="lines-title">
          <h2 id="lines-title" className={styles.h2}>
            {t('detail.lines')}
          </h2>
          <Text className={styles.muted} data-testid="no-quotes">
            {status === 'open' ? t('detail.noQuotes') : t('detail.noQuotesClosed')}
          </Text>
          <ol className={styles.list}>
            {rfq.lines.map((l) => (
              <li key={l.id} data-testid="rfq-line">
                {t('detail.line', { description: l.description, quantity: format.number(l.quantity), unit: l.unit })}
                {l.category_id && <span className={styles.muted}> · {categoryName(l.category_id)}</span>}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <section className={styles.root} aria-labelledby="compare-title">
          <div className={styles.actions}>
            <h2 id="compare-title" className={styles.h2}>
              {t('compare.title')}
            </h2>
            <Button icon={<ArrowDownloadRegular />} onClick={() => void exportXlsx()} data-testid="export-comparison">
              {t('export.xlsx')}
            </Button>
          </div>
          <Text className={styles.muted} data-testid="comparison-summary">
            {t('compare.summary', {
              count: comparison.quotes.length,
              best: format.sar(comparison.best_subtotal),
              gaps: format.number(comparison.unquoted_lines),
            })}
          </Text>
          <Comparison comparison={comparison} choice={shownChoice} />
        </section>
      )}

      {awardable && shownChoice && <AwardPanel comparison={comparison} choice={shownChoice} onChoice={setChoice} onAward={(awards) => award(rfq.id, awards)} />}

      {canCancelRfq(rfq, new Date(now)) && !pending.has(rfqKey(rfq.id)) && (
        <div className={styles.actions}>
          <Button onClick={() => setCancelling(true)} data-testid="cancel-rfq">
            {t('detail.cancel')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={cancelling}
        title={t('detail.cancelTitle')}
        body={t('detail.cancelBody')}
        confirm={t('detail.cancelConfirm')}
        dismiss={t('award.back')}
        onConfirm={() => {
          setCancelling(false);
          void cancel(rfq.id);
        }}
        onDismiss={() => setCancelling(false)}
      />
    </>
  );
}

/** The purchase orders the award made, each leading to its page. */
function OrdersMade({ orders }: { orders: PurchaseOrder[] }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  return (
    <section className={styles.section} aria-labelledby="orders-title" data-testid="orders-made">
      <h2 id="orders-title" className={styles.h2}>
        {t('detail.orders')}
      </h2>
      <ul className={styles.list}>
        {orders.map((po) => (
          <li key={po.id} data-testid="order-made" data-status={po.status}>
            <Link to={`${PATHS.purchaseOrders}/${po.id}`}>{t('detail.order', { number: keepWhole(po.number), name: po.seller_name ?? t('someone'), total: format.sar(po.total) })}</Link>{' '}
            <StatusBadge label={t(`detail.poStatus.${po.status}`)} tone={PURCHASE_ORDER_TONE[po.status]} status={po.status} testId="order-status" />
          </li>
        ))}
      </ul>
    </section>
  );
}
