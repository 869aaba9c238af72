/**
 * Paying an invoice whose three-way match reads exception: the warning that lists what does
 * not match before the buyer pays anyway (the payment then carries accept_exception, which
 * the server records on the match), and the same choice after the server refused a
 * transfer queued while the device read the invoice as matched.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceMatch } from '../../../shared/schemas/invoice';
import { useRejectionActions, useRejectionsFor } from '../../data/local/hooks';
import { keepWhole } from '../../ui/Identifier';
import { useFormat } from '../../i18n/format';
import { mismatchedLines } from '../invoices/rules';

/**
 * A transfer recorded while the device read the invoice as matched (offline, say) and
 * refused by the server as invoice_in_exception: the same warning, and "pay anyway"
 * resends that payment with accept_exception (the refusal is let go with it).
 */
export function PayAnywayAfterRefusal({ invoice, match }: { invoice: Invoice; match: InvoiceMatch | null }) {
  const { t } = useTranslation('payments');
  const rejections = useRejectionsFor(`invoice:${invoice.id}`);
  const { resend } = useRejectionActions();
  const [open, setOpen] = useState(false);
  const refused = rejections.find((r) => r.name === 'payment.record' && r.code === 'invoice_in_exception');
  if (!refused) return null;
  return (
    <div>
      <Button appearance="primary" onClick={() => setOpen(true)} data-testid="payment-exception-resend">
        {t('exception.payAnyway')}
      </Button>
      <ExceptionWarning
        open={open}
        number={invoice.number}
        match={match}
        onPay={() => {
          setOpen(false);
          void resend(refused, { ...refused.args, accept_exception: true });
        }}
        onBack={() => setOpen(false)}
      />
    </div>
  );
}

/**
 * The warning before paying an invoice in exception: each line that does not match, with
 * why and its figures (the server's match), or, when the device could not read the match
 * (offline), that the invoice reads exception; then the buyer's choice: pay anyway, or back.
 */
export function ExceptionWarning({ open, number, match, onPay, onBack }: { open: boolean; number: string; match: InvoiceMatch | null; onPay: () => void; onBack: () => void }) {
  const { t } = useTranslation(['payments', 'invoices']);
  const format = useFormat();
  const lines = match ? mismatchedLines(match) : [];
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && onBack()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('exception.title', { number: keepWhole(number) })}</DialogTitle>
          <DialogContent data-testid="payment-exception-warning">
            <p>{lines.length ? t('exception.intro') : t('exception.unknown')}</p>
            {lines.length > 0 && (
              <ul>
                {lines.map((l) => (
                  <li key={l.invoice_line_id} data-testid="payment-exception-line">
                    {t('exception.line', {
                      position: l.position,
                      description: l.description,
                      reasons: l.exceptions.map((e) => t(`invoices:match.exception.${e}`)).join(t('invoices:match.separator')) || t('exception.priceDifference'),
                      ordered: format.number(l.ordered),
                      received: format.number(l.received),
                      invoiced: format.number(l.invoiced),
                      unit: l.unit,
                    })}
                  </li>
                ))}
              </ul>
            )}
            <p>{t('exception.choice')}</p>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onPay} data-testid="payment-exception-pay-anyway">
              {t('exception.payAnyway')}
            </Button>
            <Button onClick={onBack}>{t('exception.back')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
