import { Caption1, Field, Input, MessageBar, MessageBarBody, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { hasReceipts } from '../../../shared/invoice-quantities';
import { DEFAULT_PAYMENT_TERMS_DAYS, type PaymentTermsDays } from '../../../shared/schemas/payment';
import type { Invoice } from '../../../shared/schemas/invoice';
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
import { MatchBadge } from './MatchBadge';
import { useInvoiceMutations } from './mutations';
import { usePurchaseOrderInvoices } from './queries';
import { defaultQuantityTexts, invoiceAction, invoiceBody, invoiceTotal } from './rules';
import { Identifier } from '../../ui/Identifier';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, border: 'none', minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBlockEnd: tokens.spacingVerticalXS },
  line: { display: 'grid', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
  docs: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, paddingInlineStart: 0, listStyleType: 'none' },
  doc: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  h3: { margin: 0, fontSize: tokens.fontSizeBase400 },
  start: { justifySelf: 'start' },
});

/**
 * The tax invoices of a purchase order on its page: the documents issued from it (several
 * per order, one per delivery if the seller likes), each with its state and its match;
 * for the seller, the form of the next one: a quantity per line defaulting to what was
 * received and accepted and not yet invoiced (before any receipt, what is ordered and not
 * yet invoiced: shared/invoice-quantities.ts, the server's rule), editable; a quantity
 * above what was received asks for a reason and says the buyer will see the invoice as an
 * exception. Payable within the terms the seller picks (its default terms preselected).
 * Issuing needs the network, since the signing keys stay on the server. A tax invoice is a
 * legal document: the button asks first, naming the amount and the buyer. An error comes
 * back in the reader's language (the error code's translation).
 */
export function IssueInvoiceAction({ order, side }: { order: PurchaseOrder; side: 'buyer' | 'seller' }) {
  const documents = usePurchaseOrderInvoices(order.id);
  if (!documents) return null;
  return (
    <>
      <OrderDocuments documents={documents} />
      {side === 'seller' && <IssueForm order={order} documents={documents} />}
    </>
  );
}

/** The documents issued from the order this device holds (the buyer's: those ZATCA accepted), each a link with its state and match. */
function OrderDocuments({ documents }: { documents: Invoice[] }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const format = useFormat();
  if (!documents.length) return null;
  return (
    <section className={styles.root} aria-labelledby="po-invoices-title" data-testid="po-invoices">
      <h3 id="po-invoices-title" className={styles.h3}>
        {t('issue.documents')}
      </h3>
      <ul className={styles.docs}>
        {documents.map((d) => (
          <li key={d.id} className={styles.doc} data-testid="po-invoice-item" data-kind={d.kind} data-status={d.status}>
            <RouterLink to={`${PATHS.invoices}/${d.id}`} data-testid="open-po-invoice">
              {t(`kind.${d.kind}`)} <Identifier>{d.number}</Identifier>
            </RouterLink>
            <span data-money>{format.sar(d.total)}</span>
            <Caption1>{t(`status.${d.status}`)}</Caption1>
            <MatchBadge invoice={d} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function IssueForm({ order, documents }: { order: PurchaseOrder; documents: Invoice[] }) {
  const styles = useStyles();
  const { t } = useTranslation(['invoices', 'payments']);
  const online = useOnline();
  const format = useFormat();
  const navigate = useNavigate();
  const { issue } = useInvoiceMutations();
  const orderWaiting = useIsPending(purchaseOrderKey(order.id));
  // The seller's default terms (its tax profile, on this device) until the seller picks others.
  const sellerDefault = useCompanyTaxProfile(order.seller_id)?.default_payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS;
  const [picked, setPicked] = useState<PaymentTermsDays | null>(null);
  const terms = picked ?? sellerDefault;
  // The typed quantities, over the defaults of the order as it stands (a receipt arriving moves the defaults of untouched lines).
  const defaults = useMemo(() => defaultQuantityTexts(order.lines), [order.lines]);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const quantities = { ...defaults, ...typed };
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = invoiceAction(order, documents, online, orderWaiting);
  const rejected = documents.find((d) => d.kind === 'invoice' && d.status === 'rejected');
  const received = hasReceipts(order.lines);
  const form = invoiceBody(order, quantities, reason, terms);
  const formOpen = action.kind === 'issue' || (action.kind === 'nothing' && action.ahead && Object.keys(typed).length > 0);
  const canAhead = action.kind === 'nothing' && action.ahead;

  const submit = async () => {
    if (!form.ok) return;
    setBusy(true);
    setError(null);
    try {
      const invoice = await issue(form.body);
      setTyped({});
      setReason('');
      void navigate(`${PATHS.invoices}/${invoice.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <div className={styles.root} data-testid="po-invoice" data-action={action.kind}>
      {rejected && <ClearanceNote invoice={rejected} />}
      {action.kind === 'nothing' && (
        <MessageBar layout="multiline" data-testid="po-nothing-to-invoice">
          <MessageBarBody>{t(action.ahead ? 'issue.nothingReceived' : 'issue.nothing')}</MessageBarBody>
        </MessageBar>
      )}
      {(action.kind === 'issue' || canAhead) && (
        <fieldset className={styles.lines} data-testid="po-invoice-lines">
          <legend className={styles.legend}>{t('issue.quantities')}</legend>
          {!received && <Caption1 className={styles.muted}>{t('issue.beforeReceipt')}</Caption1>}
          {order.lines.map((line) => (
            <div key={line.id} className={styles.line} data-testid="po-invoice-line" data-line-id={line.id}>
              <Field
                label={`${line.position}. ${line.description}`}
                hint={t('issue.lineFacts', {
                  ordered: format.number(line.quantity),
                  received: format.number(line.accepted_quantity),
                  invoiced: format.number(line.invoiced_quantity),
                  unit: line.unit,
                })}
                validationState={form.over.includes(line.id) ? 'warning' : 'none'}
                validationMessage={form.over.includes(line.id) ? t('issue.overLine') : undefined}
              >
                <Input inputMode="decimal" value={quantities[line.id] ?? ''} onChange={(_, d) => setTyped((q) => ({ ...q, [line.id]: d.value }))} data-testid="po-invoice-quantity" />
              </Field>
            </div>
          ))}
        </fieldset>
      )}
      {form.over.length > 0 && (
        <>
          <MessageBar intent="warning" layout="multiline" data-testid="po-invoice-over">
            <MessageBarBody>{t('issue.overBody')}</MessageBarBody>
          </MessageBar>
          <Field label={t('issue.overReason')} required>
            <Textarea value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" data-testid="po-invoice-over-reason" />
          </Field>
        </>
      )}
      {(action.kind === 'issue' || formOpen) && <PaymentTermsSelect label={t('payments:terms.label')} value={terms} onChange={setPicked} testId="po-invoice-terms" />}
      {action.kind !== 'nothing' || formOpen ? (
        <ConfirmButton
          className={styles.start}
          appearance="primary"
          icon={<ReceiptRegular />}
          disabled={!(action.kind === 'issue' || formOpen) || !online || busy || !form.ok}
          question={t('issue.confirm.question', { amount: format.sar(form.ok ? invoiceTotal(order.lines, form.body) : 0), buyer: order.buyer_name || t('issue.confirm.theBuyer') })}
          body={t(form.over.length ? 'issue.confirm.bodyOver' : 'issue.confirm.body', { terms: t(`payments:terms.days${terms}`) })}
          confirmLabel={t('issue.confirm.yes')}
          cancelLabel={t('issue.confirm.no')}
          onConfirm={() => void submit()}
          testId="po-issue-invoice"
        >
          {action.kind === 'issue' && action.again ? t('issue.again') : documents.some((d) => d.kind === 'invoice' && d.status !== 'rejected') ? t('issue.another') : t('issue.action')}
        </ConfirmButton>
      ) : null}
      {(action.kind === 'issue' || formOpen) && !form.ok && form.problem !== 'reason_required' && (
        <Caption1 className={styles.muted} data-testid="po-invoice-invalid" data-problem={form.problem}>
          {t(`issue.problem.${form.problem}`)}
        </Caption1>
      )}
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
      {(action.kind === 'offline' || (!online && formOpen)) && (
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
