import { Button, Field, Input, MessageBar, MessageBarBody, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DebitNoteCreate, Invoice } from '../../../shared/schemas/invoice';
import { ApiError } from '../../data/api';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormDialog } from '../../ui/FormDialog';
import { useOnline } from '../../ui/useOnline';
import { useInvoiceMutations } from './mutations';
import { debitNoteBody, debitNoteTotal, type DebitRow } from './rules';

const useStyles = makeStyles({
  lines: { display: 'grid', gap: tokens.spacingVerticalM, margin: 0, padding: 0, border: 'none', minWidth: 0 },
  line: { display: 'grid', gap: tokens.spacingVerticalXS, minWidth: 0, overflowWrap: 'anywhere' },
  // Side by side only where both labels fit whole (a phone's dialog stacks them: the price's label was cut).
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: tokens.spacingHorizontalS, '& > *': { minWidth: 0 } },
});

/**
 * The seller's "Debit note" on a cleared or reported invoice (ZATCA 383): a reason and, per
 * line, either a quantity billed short (charged at the line's price) or a price increase
 * per unit (on the line's quantity). Online only, as an invoice is (the keys sign on the
 * server); a legal document, so the form's submit asks first, naming the amount and the
 * buyer. The server's answer opens the debit note, which the buyer pays like an invoice.
 */
export function DebitNoteAction({ invoice }: { invoice: Invoice }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const online = useOnline();
  const navigate = useNavigate();
  const { debitNote } = useInvoiceMutations();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [rows, setRows] = useState<Record<string, DebitRow>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<DebitNoteCreate | null>(null);

  const row = (id: string): DebitRow => rows[id] ?? { adjusts: 'quantity', value: '' };
  const submit = async () => {
    const body = debitNoteBody(reason, rows);
    if (!body) return setFailure(t('debit.invalid'));
    setFailure(null);
    setAsking(body);
  };
  const issue = async (body: DebitNoteCreate) => {
    setAsking(null);
    setBusy(true);
    setFailure(null);
    try {
      const note = await debitNote(invoice.id, body);
      setOpen(false);
      void navigate(`${PATHS.invoices}/${note.id}`);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : t('debit.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={!online} data-testid="debit-note-open">
        {t('debit.action')}
      </Button>
      {open && (
        <FormDialog
          title={t('debit.title', { number: invoice.number })}
          submitLabel={t('debit.submit')}
          cancelLabel={t('debit.cancel')}
          busy={busy || !online}
          onSubmit={submit}
          onClose={() => setOpen(false)}
          formTestId="debit-note-form"
          submitTestId="debit-note-submit"
          failure={failure}
          failureTestId="debit-note-failed"
        >
          <ConfirmDialog
            open={asking !== null}
            title={t('debit.confirm.question', { amount: format.sar(asking ? debitNoteTotal(invoice, asking) : 0), buyer: invoice.buyer.legal_name })}
            body={t('debit.confirm.body', { number: invoice.number })}
            confirm={t('debit.confirm.yes')}
            dismiss={t('debit.confirm.no')}
            confirmTestId="debit-note-confirm"
            onConfirm={() => asking && void issue(asking)}
            onDismiss={() => setAsking(null)}
          />
          <p>{t('debit.body')}</p>
          {!online && (
            <MessageBar layout="multiline" intent="warning">
              <MessageBarBody>{t('debit.offline')}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('debit.reason')} required>
            <Textarea value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" data-testid="debit-note-reason" />
          </Field>
          <fieldset className={styles.lines}>
            <legend>{t('debit.lines')}</legend>
            {[...invoice.lines]
              .sort((a, b) => a.position - b.position)
              .map((line) => (
                <div key={line.id} className={styles.line} data-testid="debit-note-line">
                  <strong>
                    {line.position}. <bdi>{line.description}</bdi>
                  </strong>
                  <span>{t('debit.lineFacts', { quantity: format.number(line.quantity), unit: line.unit, price: format.sar(line.unit_price) })}</span>
                  <div className={styles.pair}>
                    <Field label={t('debit.adjusts')}>
                      <Select
                        value={row(line.id).adjusts}
                        onChange={(_, d) => setRows((r) => ({ ...r, [line.id]: { ...row(line.id), adjusts: d.value as DebitRow['adjusts'] } }))}
                        data-testid="debit-note-adjusts"
                      >
                        <option value="quantity">{t('debit.quantity')}</option>
                        <option value="price">{t('debit.price')}</option>
                      </Select>
                    </Field>
                    <Field label={row(line.id).adjusts === 'quantity' ? t('debit.quantityValue', { unit: line.unit }) : t('debit.priceValue')}>
                      <Input
                        inputMode="decimal"
                        value={row(line.id).value}
                        onChange={(_, d) => setRows((r) => ({ ...r, [line.id]: { ...row(line.id), value: d.value } }))}
                        data-testid="debit-note-value"
                      />
                    </Field>
                  </div>
                </div>
              ))}
          </fieldset>
        </FormDialog>
      )}
    </>
  );
}
