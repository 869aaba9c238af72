import { Button, Caption1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../shared/schemas/invoice';
import { ApiError } from '../../data/api';
import { useOnline } from '../../ui/useOnline';
import { useInvoiceMutations } from './mutations';

/** The seller's "send to ZATCA again" on a document ZATCA did not answer; online only, as issuing is. */
export function RetryClearance({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const online = useOnline();
  const { clearAgain } = useInvoiceMutations();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await clearAgain(invoice.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<ArrowSyncRegular />} disabled={!online || busy} onClick={() => void send()} data-testid="invoice-clear-again">
        {t('issue.retry')}
      </Button>
      {!online && <Caption1>{t('issue.retryOffline')}</Caption1>}
      {error && (
        <MessageBar layout="multiline" intent="error" data-testid="invoice-clear-again-error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
