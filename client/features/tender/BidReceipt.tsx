import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { formatTenderMoment } from './dates';
import { ReceiptHistory } from './ReceiptHistory';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
  row: { display: 'flex', alignItems: 'start', gap: tokens.spacingHorizontalXS },
  // A digest is 64 hex digits: it wraps anywhere, reads left to right in every language.
  digest: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all', unicodeBidi: 'isolate' },
});

/**
 * The receipt of the bid's current version: its SHA-256 digest and when the server
 * received it. A version still waiting on this device has none yet, and says so: a
 * receipt is what the server accepted, never what the device hopes it will.
 */
export function BidReceipt({ bidId, digest, receivedAt, waiting }: { bidId: string; digest: string | null | undefined; receivedAt: string | null | undefined; waiting: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const format = useFormat();
  const [copied, setCopied] = useState(false);
  if (waiting || !digest) {
    return (
      <Text className={styles.root} data-testid="bid-receipt" data-state="waiting">
        {t('receipt.waiting')}
      </Text>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(digest);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the digest stays selectable.
    }
  };
  return (
    <div className={styles.root} data-testid="bid-receipt" data-state="received" data-digest={digest}>
      <div className={styles.row}>
        <Text>
          {t('receipt.label')}:{' '}
          <span className={styles.digest} dir="ltr" data-testid="receipt-digest">
            {digest}
          </span>
        </Text>
        <Button size="small" appearance="subtle" icon={<CopyRegular />} aria-label={copied ? t('receipt.copied') : t('receipt.copy')} title={t('receipt.copy')} onClick={() => void copy()} />
      </div>
      {receivedAt && <Text size={200}>{t('receipt.received', { date: formatTenderMoment(receivedAt, format.lng)?.gregorian ?? '' })}</Text>}
      <ReceiptHistory bidId={bidId} version={digest} />
    </div>
  );
}
