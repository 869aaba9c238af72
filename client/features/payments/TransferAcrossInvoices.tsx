import { Button, Caption1, Checkbox, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { halalas } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import { parseNumber } from '../../../shared/numbers';
import { transferRecordSchema, type TransferRecord } from '../../../shared/schemas/payment';
import { useFormat } from '../../i18n/format';
import { FormDialog } from '../../ui/FormDialog';
import { usePaymentMutations } from './mutations';
import { useOpenInvoicesFrom } from './queries';
import { ExceptionWarning } from './PayInException';
import { TransferFields } from './TransferFields';
import { PhotoPicker } from '../deliveries/PhotoPicker';
import { keepWhole } from '../../ui/Identifier';

const useStyles = makeStyles({
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  amount: { width: '9rem' },
});

/**
 * On a supplier's statement, the buyer's "one transfer for several invoices": the open
 * invoices of that supplier, each chosen with an amount (prefilled with what is left to
 * record), one date, one bank reference and one receipt photo; queued as one transfer (offline too: the
 * invoices show it at once) that the supplier confirms or disputes as a whole.
 */
export function TransferAcrossInvoices({ accountId, seller }: { accountId: string; seller: string }) {
  const styles = useStyles();
  const { t } = useTranslation(['payments', 'errors', 'invoices']);
  const format = useFormat();
  const open = useOpenInvoicesFrom(accountId, seller);
  const { recordTransfer } = usePaymentMutations();
  const today = riyadhDay(new Date());
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [warning, setWarning] = useState<TransferRecord | null>(null);
  // Once recorded, its invoices may have nothing left to record: the confirmation stays.
  if (!open || (open.length < 2 && !done)) return null;

  const start = () => {
    setChosen(Object.fromEntries(open.map((i) => [i.id, String(i.left)])));
    setFailure(null);
    setDone(false);
    setEditing(true);
  };
  const allocations = open.filter((i) => chosen[i.id] !== undefined).map((i) => ({ invoice: i, amount: parseNumber(chosen[i.id]) }));
  const total = allocations.reduce((s, a) => s + halalas(a.amount ?? 0), 0) / 100;

  const submit = async () => {
    if (!allocations.length) return setFailure(t('transfer.noneChosen'));
    const wrong = allocations.find((a) => a.amount === null || a.amount <= 0 || a.amount > a.invoice.left);
    if (wrong) return setFailure(t('transfer.badAmount', { number: keepWhole(wrong.invoice.number), left: format.sar(wrong.invoice.left) }));
    if (paidOn > today) return setFailure(t('record.future'));
    const parsed = transferRecordSchema.safeParse({
      id: crypto.randomUUID(),
      seller,
      paid_on: paidOn,
      reference,
      allocations: allocations.map((a) => ({ invoice_id: a.invoice.id, amount: a.amount })),
    });
    if (!parsed.success) return setFailure(t('record.invalid'));
    // An invoice among them whose match reads exception: the buyer is warned first, and pays anyway knowingly.
    if (allocations.some((a) => a.invoice.match_status === 'exception')) return setWarning(parsed.data);
    await send(parsed.data);
  };

  const send = async (body: TransferRecord) => {
    setWarning(null);
    setBusy(true);
    try {
      const { receiptRefused } = await recordTransfer(body, receipt[0] ?? null);
      setEditing(false);
      setReference('');
      setReceipt([]);
      setDone(true);
      if (receiptRefused) setFailure(t('receipt.tooLarge'));
    } catch {
      setFailure(t('record.notStored'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {open.length >= 2 && (
        <Button onClick={start} data-testid="transfer-open">
          {t('transfer.action')}
        </Button>
      )}
      {done && <Caption1 role="status" data-testid="transfer-recorded"> {t('transfer.recorded')}</Caption1>}
      {done && failure && <Caption1 role="alert"> {failure}</Caption1>}
      {editing && (
        <FormDialog
          formTestId="transfer-form"
          title={t('transfer.title')}
          submitLabel={t('transfer.submit', { total: format.sar(total) })}
          submitTestId="transfer-submit"
          failure={failure}
          failureTestId="transfer-failed"
          busy={busy}
          onSubmit={submit}
          cancelLabel={t('cancel')}
          onClose={() => setEditing(false)}
        >
          <ExceptionWarning
            open={warning !== null}
            number={allocations
              .filter((a) => a.invoice.match_status === 'exception')
              .map((a) => a.invoice.number)
              .join(t('invoices:match.separator'))}
            match={null}
            onPay={() => warning && void send({ ...warning, accept_exception: true })}
            onBack={() => setWarning(null)}
          />
          <p>{t('transfer.body')}</p>
          <ul className={styles.lines} aria-label={t('transfer.invoices')}>
            {open.map((i) => (
              <li key={i.id} className={styles.line} data-testid="transfer-line" data-invoice-id={i.id}>
                <Checkbox
                  checked={chosen[i.id] !== undefined}
                  onChange={(_, d) => setChosen(({ [i.id]: _drop, ...rest }) => (d.checked ? { ...rest, [i.id]: String(i.left) } : rest))}
                  label={t('transfer.line', { number: keepWhole(i.number), left: format.sar(i.left) })}
                />
                {chosen[i.id] !== undefined && (
                  <Input
                    className={styles.amount}
                    inputMode="decimal"
                    aria-label={t('transfer.amountOf', { number: i.number })}
                    value={chosen[i.id]}
                    onChange={(_, d) => setChosen((c) => ({ ...c, [i.id]: d.value }))}
                    data-testid="transfer-amount"
                  />
                )}
              </li>
            ))}
          </ul>
          <TransferFields today={today} paidOn={paidOn} onPaidOn={setPaidOn} reference={reference} onReference={setReference} testIdPrefix="transfer" />
          <PhotoPicker label={t('receipt.label')} hint={t('receipt.hint')} files={receipt} onChange={setReceipt} max={1} testId="transfer-receipt-input" />
        </FormDialog>
      )}
    </div>
  );
}
