import { Button, Caption1, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAYMENT_TERMS_DAYS, type PaymentTermsDays } from '../../../shared/schemas/payment';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { ApiError } from '../../data/api';
import { useIsPending } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { useOnline } from '../../ui/useOnline';
import { purchaseOrderKey } from '../purchase-orders/queries';
import { useCompanyTaxProfile } from '../company/queries';
import { PaymentTermsSelect } from '../payments/PaymentTermsSelect';
import { ClearanceNote } from './InvoiceCard';
import { useInvoiceMutations } from './mutations';
import { useOrderTransport, usePurchaseOrderInvoices } from './queries';
import { invoiceAction } from './rules';
import { keepWhole } from '../../ui/Identifier';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, justifyItems: 'start' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The tax invoice of a purchase order: open it once issued (the buyer once it is
 * cleared); for the seller, until then, issue it when
 * the shared rule allows (the reason shown when it does not), payable within the terms the
 * seller picks (its default terms, from its tax profile, preselected). Issuing needs the network,
 * since the signing keys stay on the server: offline the button is disabled and says so.
 * A tax invoice is a legal document, corrected once cleared only by a credit note: the
 * button asks first, naming the amount and the buyer.
 * An error comes back in the reader's language (the error code's translation).
 */
export function IssueInvoiceAction({ order, side }: { order: PurchaseOrder; side: 'buyer' | 'seller' }) {
  const styles = useStyles();
  const { t } = useTranslation(['invoices', 'payments']);
  const online = useOnline();
  const format = useFormat();
  const navigate = useNavigate();
  const { issue } = useInvoiceMutations();
  const documents = usePurchaseOrderInvoices(order.id);
  const transport = useOrderTransport(order.id);
  const orderWaiting = useIsPending(purchaseOrderKey(order.id));
  // The seller's default terms (its tax profile, on this device) until the seller picks others.
  const sellerDefault = useCompanyTaxProfile(order.seller_id)?.default_payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS;
  const [picked, setPicked] = useState<PaymentTermsDays | null>(null);
  const terms = picked ?? sellerDefault;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!documents) return null;
  const action = invoiceAction(order, transport, documents, online, orderWaiting);
  const rejected = documents.find((d) => d.kind === 'invoice' && d.status === 'rejected');
  // The buyer's device holds the order's invoice once cleared: they open it, nothing more.
  if (side === 'buyer' && action.kind !== 'open') return null;

  if (action.kind === 'open')
    return (
      <div className={styles.root}>
        <Button icon={<ReceiptRegular />} onClick={() => void navigate(`${PATHS.invoices}/${action.invoice.id}`)} data-testid="open-po-invoice">
          {t('issue.open', { number: keepWhole(action.invoice.number) })}
        </Button>
      </div>
    );

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const invoice = await issue(order.id, terms);
      void navigate(`${PATHS.invoices}/${invoice.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <div className={styles.root} data-testid="po-invoice">
      {rejected && <ClearanceNote invoice={rejected} />}
      {action.kind === 'issue' && (
        <PaymentTermsSelect label={t('payments:terms.label')} value={terms} onChange={setPicked} testId="po-invoice-terms" />
      )}
      <ConfirmButton
        appearance="primary"
        icon={<ReceiptRegular />}
        disabled={action.kind !== 'issue' || busy}
        question={t('issue.confirm.question', { amount: format.sar(order.total), buyer: order.buyer_name || t('issue.confirm.theBuyer') })}
        body={t('issue.confirm.body', { terms: t(`payments:terms.days${terms}`) })}
        confirmLabel={t('issue.confirm.yes')}
        cancelLabel={t('issue.confirm.no')}
        onConfirm={() => void submit()}
        testId="po-issue-invoice"
      >
        {action.kind === 'issue' && action.again ? t('issue.again') : t('issue.action')}
      </ConfirmButton>
      {action.kind === 'blocked' && (
        <Caption1 className={styles.muted} data-testid="po-invoice-blocked" data-reason={action.reason}>
          {t(`issue.blocked.${action.reason}`)}
        </Caption1>
      )}
      {action.kind === 'waiting' && (
        <Caption1 className={styles.muted} data-testid="po-invoice-waiting">
          {t('issue.waiting')}
        </Caption1>
      )}
      {action.kind === 'offline' && (
        <Caption1 className={styles.muted} data-testid="po-invoice-offline">
          {t('issue.offline')}
        </Caption1>
      )}
      {busy && <Caption1 role="status">{t('issue.working')}</Caption1>}
      {error && (
        <MessageBar intent="error" layout="multiline" data-testid="po-invoice-error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
