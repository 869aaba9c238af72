import { Button, Caption1, Field, Input, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paidInFullOn, payable, withStatusOn } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import { parseNumber } from '../../../shared/numbers';
import { isAccepted, type Invoice, type InvoiceMatch } from '../../../shared/schemas/invoice';
import { ExceptionWarning, PayAnywayAfterRefusal } from './PayInException';
import { paymentRecordSchema, receiptUrl, type Payment, type PaymentRecord } from '../../../shared/schemas/payment';
import type { ReceiptUpload } from '../../data/db/schema';
import { useIsPending } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { Facts } from '../../ui/Facts';
import { FormDialog } from '../../ui/FormDialog';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { PhotoPicker } from '../deliveries/PhotoPicker';
import { usePaymentMutations } from './mutations';
import { useReceiptUploads } from './queries';
import { TransferFields } from './TransferFields';
import { PaymentBadge } from './PaymentBadge';
import { CardResultBar, PayByCard } from './PayByCard';
import { Identifier, keepWhole } from '../../ui/Identifier';
import { PAYMENT_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  paid: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorPaletteGreenForeground1 },
  receipt: { width: '160px', maxWidth: '100%', height: 'auto', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});


/**
 * An invoice's payment on its page: terms, due date, the seller's IBAN, the sums and the
 * status as of today (withStatusOn: the synced row may be from an earlier day), then its
 * payments. The buyer records a transfer, the seller confirms or disputes a recorded one,
 * offline too (queued; a refusal shows here with its reason). Mounted by the invoice page
 * for an invoice with a payment.
 */
export function InvoicePayments({ invoice, accountId, match = null }: { invoice: Invoice; accountId: string; match?: InvoiceMatch | null }) {
  const styles = useStyles();
  const { t } = useTranslation('payments');
  const format = useFormat();
  const waiting = useIsPending(`invoice:${invoice.id}`);
  const receipts = useReceiptUploads(invoice.id);
  if (!invoice.payment || !isAccepted(invoice.status)) return null;
  const payment = withStatusOn(invoice, riyadhDay(new Date())).payment!;
  const side = invoice.seller_id === accountId ? 'seller' : 'buyer';
  const paidOn = paidInFullOn(payment);
  // Nothing left to record (paid, credited, or the rest recorded and waiting for the seller): no transfer button, not a disabled one.
  const left = payable({ ...payment, total: invoice.total }, 'recorded');
  return (
    <section className={styles.root} aria-labelledby="invoice-payment-title" data-testid="invoice-payments" data-payment-status={payment.status}>
      <div className={styles.head}>
        <h2 id="invoice-payment-title" className={styles.h2}>
          {t('title')}
        </h2>
        <PaymentBadge invoice={invoice} />
        {waiting && <PendingBadge />}
      </div>
      <RefusalNote rowKey={`invoice:${invoice.id}`} />
      {side === 'buyer' && <PayAnywayAfterRefusal invoice={invoice} match={match} />}
      <Facts
        facts={[
          { term: t('terms.label'), value: t(`terms.days${payment.terms_days}`) },
          { term: t('dueDate'), value: format.date(payment.due_date), testId: 'payment-due-date' },
          { term: t('total'), value: format.sar(invoice.total), money: true },
          ...(payment.credited > 0 ? [{ term: t('credited'), value: format.sar(payment.credited), money: true }] : []),
          { term: t('paid'), value: format.sar(payment.paid), testId: 'payment-paid', money: true },
          ...(payment.pending > 0 ? [{ term: t('pending'), value: format.sar(payment.pending), testId: 'payment-pending', money: true }] : []),
          { term: t('balance'), value: format.sar(payment.balance), testId: 'payment-balance', money: true },
          ...(payment.iban ? [{ term: t('iban'), value: <Identifier>{payment.iban}</Identifier>, testId: 'payment-iban', whole: true }] : []),
        ]}
      />
      {side === 'buyer' && <CardResultBar />}
      {/* A paid invoice says so and when, to both parties; there is nothing to record. */}
      {paidOn && (
        <Text className={styles.paid} weight="semibold" data-testid="payment-paid-in-full">
          <CheckmarkCircleFilled aria-hidden />
          {t('paidInFull', { date: format.date(paidOn) })}
        </Text>
      )}
      {side === 'buyer' && left > 0 && <RecordTransfer invoice={invoice} left={left} match={match} />}
      {side === 'buyer' && <PayByCard invoice={invoice} left={left} match={match} />}
      {payment.payments.length === 0 ? (
        <Caption1>{t('none')}</Caption1>
      ) : (
        <ul className={styles.list} aria-label={t('list')}>
          {payment.payments.map((p) => (
            <li key={p.id} className={styles.item} data-testid="payment" data-payment-id={p.id} data-status={p.status}>
              <div className={styles.row}>
                <strong data-money>{format.sar(p.amount)}</strong>
                <StatusBadge label={t(`state.${p.status}`)} tone={PAYMENT_TONE[p.status]} status={p.status} testId="payment-state" />
              </div>
              <Caption1>
                {t(p.method === 'card' ? 'card.paidOn' : 'paidOn', { date: format.date(p.paid_on) })} · {t(p.method === 'card' ? 'card.reference' : 'reference')}: <Identifier>{p.reference}</Identifier>
              </Caption1>
              <Receipt payment={p} upload={receipts?.get(p.id)} />
              {p.refunded > 0 && p.refunded_at && (
                <Caption1 data-testid="payment-refunded">{t('refundedToCard', { amount: format.sar(p.refunded), date: format.date(p.refunded_at) })}</Caption1>
              )}
              {p.dispute_reason && <Caption1 data-testid="payment-dispute-reason">{t('disputedBecause', { reason: p.dispute_reason })}</Caption1>}
              {side === 'seller' && p.status === 'recorded' && <AnswerPayment invoiceId={invoice.id} payment={p} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The buyer's "Record a transfer": amount (at most what is left), the day it was made, the
 * bank's reference. An invoice whose match reads exception is paid only after a warning
 * that lists what does not match (the server's match, when the device could read it);
 * "pay anyway" sends the payment with accept_exception, which the server records on the
 * match (without it the server refuses: invoice_in_exception).
 */
function RecordTransfer({ invoice, left, match }: { invoice: Invoice; left: number; match: InvoiceMatch | null }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const { record } = usePaymentMutations();
  const today = riyadhDay(new Date());
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<PaymentRecord | null>(null);
  const inException = (match?.status ?? invoice.match_status) === 'exception';

  const submit = async () => {
    const value = parseNumber(amount);
    if (value === null || value <= 0) return setFailure(t('record.invalidAmount'));
    if (value > left) return setFailure(t('record.tooMuch', { left: format.sar(left) }));
    if (paidOn > today) return setFailure(t('record.future'));
    const parsed = paymentRecordSchema.safeParse({ id: crypto.randomUUID(), amount: value, paid_on: paidOn, reference });
    if (!parsed.success) return setFailure(t('record.invalid'));
    if (inException) return setWarning(parsed.data);
    await send(parsed.data);
  };

  const send = async (body: PaymentRecord) => {
    setWarning(null);
    setBusy(true);
    try {
      const { receiptRefused } = await record(invoice.id, body, receipt[0] ?? null);
      setOpen(false);
      setAmount('');
      setReference('');
      setReceipt([]);
      setFailure(receiptRefused ? t('receipt.tooLarge') : null);
    } catch {
      setFailure(t('record.notStored'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Button appearance="primary" onClick={() => setOpen(true)} data-testid="payment-record-open">
        {t('record.action')}
      </Button>
      {open && (
        <FormDialog
          title={t('record.title', { number: keepWhole(invoice.number) })}
          submitLabel={t('record.submit')}
          cancelLabel={t('cancel')}
          busy={busy}
          onSubmit={submit}
          onClose={() => setOpen(false)}
          formTestId="payment-record-form"
          submitTestId="payment-record-submit"
          failure={failure}
          failureTestId="payment-record-failed"
        >
          <ExceptionWarning
            open={warning !== null}
            number={invoice.number}
            match={match}
            onPay={() => warning && void send({ ...warning, accept_exception: true })}
            onBack={() => setWarning(null)}
          />
          {inException && (
            <Caption1 role="note" data-testid="payment-exception-note">
              {t('exception.note')}
            </Caption1>
          )}
          <p>{t('record.body', { left: format.sar(left) })}</p>
          <Field label={t('record.amount')} required>
            <Input inputMode="decimal" value={amount} onChange={(_, d) => setAmount(d.value)} data-testid="payment-amount" />
          </Field>
          <TransferFields today={today} paidOn={paidOn} onPaidOn={setPaidOn} reference={reference} onReference={setReference} testIdPrefix="payment" />
          <PhotoPicker label={t('receipt.label')} hint={t('receipt.hint')} files={receipt} onChange={setReceipt} max={1} testId="payment-receipt-input" />
        </FormDialog>
      )}
      {!open && failure && <Caption1 role="alert">{failure}</Caption1>}
    </div>
  );
}

/**
 * A payment's receipt photo: still on this device (waiting to be sent, or refused with the
 * reason), or served by the server to the invoice's buyer and seller (opens full size).
 */
function Receipt({ payment, upload }: { payment: Payment; upload: ReceiptUpload | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation(['payments', 'errors']);
  if (upload?.status === 'refused') {
    return (
      <Caption1 role="alert" data-testid="payment-receipt-refused">
        {t('receipt.refused', { reason: t(`errors:${upload.code ?? 'upload_refused'}`, { defaultValue: upload.error ?? '' }) })}
      </Caption1>
    );
  }
  if (upload || (payment.receipt_id && !payment.receipt_stored)) return <Caption1 data-testid="payment-receipt-waiting">{t('receipt.waiting')}</Caption1>;
  if (!payment.receipt_stored) return null;
  return (
    <a href={receiptUrl(payment.id, 1200)} target="_blank" rel="noreferrer" data-testid="payment-receipt">
      <img className={styles.receipt} src={receiptUrl(payment.id, 480)} alt={t('receipt.alt', { reference: payment.reference })} loading="lazy" />
    </a>
  );
}

/** The seller's answer to a recorded transfer: confirm (the money arrived) or dispute with a reason. Queued offline like the buyer's record. */
function AnswerPayment({ invoiceId, payment }: { invoiceId: string; payment: Payment }) {
  const styles = useStyles();
  const { t } = useTranslation('payments');
  const { confirm, dispute } = usePaymentMutations();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      setDisputing(false);
    } catch {
      setFailure(t('answer.notStored'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.row}>
      <Button appearance="primary" disabled={busy} onClick={() => void run(() => confirm(invoiceId, payment.id))} data-testid="payment-confirm">
        {t('answer.confirm')}
      </Button>
      <Button disabled={busy} onClick={() => setDisputing(true)} data-testid="payment-dispute-open">
        {t('answer.dispute')}
      </Button>
      {failure && !disputing && <Caption1 role="alert" data-testid="payment-answer-failed">{failure}</Caption1>}
      {disputing && (
        <FormDialog
          title={t('answer.disputeTitle')}
          submitLabel={t('answer.dispute')}
          cancelLabel={t('cancel')}
          busy={busy}
          onSubmit={() => (reason.trim() ? run(() => dispute(invoiceId, payment.id, reason.trim())) : Promise.resolve(setFailure(t('answer.reasonRequired'))))}
          onClose={() => setDisputing(false)}
          formTestId="payment-dispute-form"
          submitTestId="payment-dispute-submit"
          failure={failure}
          failureTestId="payment-dispute-failed"
        >
          <Field label={t('answer.reason')} required>
            <Textarea value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" data-testid="payment-dispute-reason-input" />
          </Field>
        </FormDialog>
      )}
    </div>
  );
}
