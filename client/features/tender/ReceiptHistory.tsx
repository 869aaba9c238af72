import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBidReceipts } from '../../data/api/tender';
import { useFormat } from '../../i18n/format';
import { formatTenderMoment } from './dates';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'grid', gap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
  digest: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
});

function Receipts({ bidId, version }: { bidId: string; version: string }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const format = useFormat();
  const receipts = useBidReceipts(bidId, version);
  if (receipts.error) return <Text>{receipts.error.code === 'network_error' ? t('receipt.historyOffline') : receipts.error.message}</Text>;
  if (!receipts.data) return null;
  return (
    <ol className={styles.list} data-testid="receipt-history">
      {receipts.data.map((r) => (
        <li key={r.id} className={styles.item} data-testid="receipt-entry" data-kind={r.kind} data-digest={r.digest}>
          <Text weight="semibold">
            {t(`receipt.kind.${r.kind}`)} · {format.sar(r.amount)} · {formatTenderMoment(r.received_at, format.lng)?.gregorian}
          </Text>
          <Text className={styles.digest} dir="ltr">
            SHA-256 {r.digest}
          </Text>
        </li>
      ))}
    </ol>
  );
}

/** Every receipt of the bid, on demand (online): what was submitted, amended or withdrawn, and when. */
export function ReceiptHistory({ bidId, version }: { bidId: string; version: string }) {
  const { t } = useTranslation('tender');
  const [open, setOpen] = useState(false);
  return (
    <>
      <div>
        <Button size="small" appearance="subtle" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="toggle-receipts">
          {open ? t('receipt.historyHide') : t('receipt.history')}
        </Button>
      </div>
      {open && <Receipts bidId={bidId} version={version} />}
    </>
  );
}
