import { Button, Field, Input, MessageBar, MessageBarBody, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CreditNoteCreate, Invoice } from '../../../shared/schemas/invoice';
import { ApiError } from '../../data/api';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormDialog } from '../../ui/FormDialog';
import { useOnline } from '../../ui/useOnline';
import { useInvoiceMutations } from './mutations';
import { useCreditNotes } from './queries';
import { creditNoteBody, creditNoteTotal, creditableQuantities } from './rules';

const useStyles = makeStyles({
  lines: { display: 'grid', gap: tokens.spacingVerticalS },
});

/**
 * The seller's "Issue credit note" on a cleared invoice: a reason and, to credit part of
 * it, quantities per line (empty: everything not credited yet). Online only, as issuing
 * an invoice is; the server's answer opens the credit note. A credit note is a legal
 * document too: the form's submit asks first, naming the amount and the buyer.
 */
export function CreditNoteAction({ invoice }: { invoice: Invoice }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const online = useOnline();
  const navigate = useNavigate();
  const { creditNote } = useInvoiceMutations();
  const notes = useCreditNotes(invoice.id);
  const left = useMemo(() => creditableQuantities(invoice, notes ?? []), [invoice, notes]);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<CreditNoteCreate | null>(null);
  const nothingLeft = [...left.values()].every((q) => q <= 0);

  const submit = async () => {
    const body = creditNoteBody(reason, quantities, left);
    if (!body) return setFailure(t('credit.invalid'));
    setFailure(null);
    setAsking(body);
  };

  const issue = async (body: CreditNoteCreate) => {
    setAsking(null);
    setBusy(true);
    setFailure(null);
    try {
      const note = await creditNote(invoice.id, body);
      setOpen(false);
      void navigate(`${PATHS.invoices}/${note.id}`);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : t('credit.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={!online || nothingLeft} data-testid="credit-note-open">
        {t('credit.action')}
      </Button>
      {!online && <span data-testid="credit-note-offline">{t('credit.offline')}</span>}
      {online && nothingLeft && <span>{t('credit.nothingLeft')}</span>}
      {open && (
        <FormDialog
          title={t('credit.title', { number: invoice.number })}
          submitLabel={t('credit.submit')}
          cancelLabel={t('credit.cancel')}
          busy={busy || !online}
          onSubmit={submit}
          onClose={() => setOpen(false)}
          formTestId="credit-note-form"
          submitTestId="credit-note-submit"
          failure={failure}
          failureTestId="credit-note-failed"
        >
          <ConfirmDialog
            open={asking !== null}
            title={t('credit.confirm.question', { amount: format.sar(asking ? creditNoteTotal(invoice, asking, left) : 0), buyer: invoice.buyer.legal_name })}
            body={t('credit.confirm.body', { number: invoice.number })}
            confirm={t('credit.confirm.yes')}
            dismiss={t('credit.confirm.no')}
            confirmTestId="credit-note-confirm"
            onConfirm={() => asking && void issue(asking)}
            onDismiss={() => setAsking(null)}
          />
          <p>{t('credit.body')}</p>
          {!online && (
            <MessageBar layout="multiline" intent="warning">
              <MessageBarBody>{t('credit.offline')}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('credit.reason')} required>
            <Textarea name="reason" value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" data-testid="credit-note-reason" />
          </Field>
          <fieldset className={styles.lines}>
            <legend>{t('credit.quantities')}</legend>
            <p>{t('credit.everything')}</p>
            {[...invoice.lines]
              .sort((a, b) => a.position - b.position)
              .map((line) => (
                <Field key={line.id} label={t('credit.quantity', { description: line.description, left: format.number(left.get(line.id) ?? 0), unit: line.unit })}>
                  <Input
                    inputMode="decimal"
                    value={quantities[line.id] ?? ''}
                    disabled={(left.get(line.id) ?? 0) <= 0}
                    onChange={(_, d) => setQuantities((q) => ({ ...q, [line.id]: d.value }))}
                    data-testid="credit-note-quantity"
                  />
                </Field>
              ))}
          </fieldset>
        </FormDialog>
      )}
    </>
  );
}
