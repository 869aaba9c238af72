/**
 * The buyer's "Pay by card" on an invoice with something left to pay (recorded transfers
 * counted, as the server counts): the server makes the card gateway's page (Moyasar:
 * mada, Visa, Mastercard, Apple Pay) for what is left and the browser goes there; nothing
 * about the card passes through us. Online only: offline it says it needs a connection.
 * Back from the gateway, the server's callback has put ?card=paid | failed | refused (and
 * the reason's code, translated) on the invoice's address: CardResultBar shows it (useCardResult,
 * as the pricing page does) until dismissed.
 * The payment itself reaches the page with the invoice's next change from the feed.
 */
import { Button, Caption1, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceMatch } from '../../../shared/schemas/invoice';
import { ExceptionWarning } from './PayInException';
import { ApiError } from '../../data/api';
import { startCardPayment } from '../../data/api/payments';
import { useFormat } from '../../i18n/format';
import { useCardResult } from '../../ui/useCardResult';
import { useOnline } from '../../ui/useOnline';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXS, justifyItems: 'start' },
});

export function PayByCard({ invoice, left, match = null }: { invoice: Invoice; left: number; match?: InvoiceMatch | null }) {
  const styles = useStyles();
  const { t } = useTranslation('payments');
  const format = useFormat();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [warning, setWarning] = useState(false);
  if (left <= 0) return null;
  const inException = (match?.status ?? invoice.match_status) === 'exception';

  // An invoice in exception is paid by card only after the same warning as a transfer; a
  // refusal as invoice_in_exception (the device read it as matched) brings the warning too.
  const pay = async (acceptException: boolean) => {
    setWarning(false);
    if (inException && !acceptException) return setWarning(true);
    setBusy(true);
    setFailure(null);
    try {
      window.location.assign(await startCardPayment(invoice.id, acceptException));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'invoice_in_exception') return setWarning(true);
      setFailure(err instanceof ApiError ? t(`errors:${err.code}`, { defaultValue: err.message }) : t('card.offline'));
    }
  };

  return (
    <div className={styles.root}>
      <Button appearance="primary" onClick={() => void pay(false)} disabled={!online || busy} data-testid="pay-by-card">
        {t('card.action')}
      </Button>
      <Caption1>{online ? t('card.amount', { amount: format.sar(left) }) : <span data-testid="pay-by-card-offline">{t('card.offline')}</span>}</Caption1>
      <ExceptionWarning open={warning} number={invoice.number} match={match} onPay={() => void pay(true)} onBack={() => setWarning(false)} />
      {failure && (
        <MessageBar intent="error" layout="multiline" data-testid="pay-by-card-failed">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}

/** What the gateway's round trip came to, from the address the server sent the browser back to. */
export function CardResultBar() {
  const { t } = useTranslation('payments');
  const { result, reason, dismiss } = useCardResult();
  if (!result) return null;
  return (
    <MessageBar intent={result === 'paid' ? 'success' : 'error'} layout="multiline" data-testid="card-result" data-result={result}>
      <MessageBarBody>
        <MessageBarTitle>{t(`card.result.${result}Title`)}</MessageBarTitle>
        {result === 'paid' ? t('card.result.paid') : reason ? t(`card.result.${result}Reason`, { reason }) : t(`card.result.${result}`)}
      </MessageBarBody>
      <MessageBarActions containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t('card.result.dismiss')} onClick={dismiss} />} />
    </MessageBar>
  );
}
