import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bid } from '../../../shared/schemas/bid';
import type { OpeningRecord } from '../../../shared/schemas/tender';
import { bidDigest } from '../../../shared/tender';
import { useFormat } from '../../i18n/format';
import { TenderMomentText } from './TenderMomentText';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  entry: {
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  mine: { border: `2px solid ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  amount: { fontWeight: tokens.fontWeightSemibold },
  digest: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all', color: tokens.colorNeutralForeground2 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Whether the bidder's own bid, as this device holds it, is what the record lists: the
 * digest computed here from the amount, days, proposal and time the device has must be
 * the one the opening record shows. So a bidder need not trust the server's word that
 * the receipt matches; their device checks it.
 */
function useMatchesReceipt(myBid: Bid | null | undefined, listed: string | undefined): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    if (!myBid || !listed) {
      setMatches(null);
      return;
    }
    bidDigest(myBid).then(
      (digest) => live && setMatches(digest === listed && myBid.digest === listed),
      () => live && setMatches(null),
    );
    return () => {
      live = false;
    };
  }, [myBid, listed]);
  return matches;
}

/**
 * The opening record: when the bids were opened, and every bid that was not withdrawn,
 * ranked by amount, with its receipt digest, whether it had a compliant bid bond and, in a
 * two-envelope tender, its technical verdict; an amount not opened (before the financial
 * opening, or for ever for a failed bid) says why instead. The owner reads it from the opening on; every
 * bidder once the award is made, their own bid marked and checked against their receipt.
 */
export function OpeningRecordView({ record, myBid }: { record: OpeningRecord; myBid?: Bid | null }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const format = useFormat();
  const mine = myBid ? record.record.find((e) => e.bid_id === myBid.id) : undefined;
  const matches = useMatchesReceipt(myBid, mine?.digest);
  const headingId = `opening-${record.project_id}`;
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="opening-record" data-bid-count={record.bid_count}>
      <h3 id={headingId} className={styles.title}>
        {t('record.title')}
      </h3>
      <TenderMomentText i18nKey="record.opened" at={record.opened_at} testId="opening-record-time" />
      <Text>{t('record.count', { count: record.bid_count })}</Text>
      {record.record.length === 0 ? (
        <Text className={styles.muted}>{t('record.none')}</Text>
      ) : (
        <ol className={styles.list}>
          {record.record.map((entry) => {
            const isMine = entry.bid_id === mine?.bid_id;
            return (
              <li
                key={entry.bid_id}
                className={isMine ? `${styles.entry} ${styles.mine}` : styles.entry}
                data-testid="opening-entry"
                data-bid-id={entry.bid_id}
                data-rank={entry.rank ?? ''}
                data-digest={entry.digest}
                data-technical={entry.technical_pass === null ? '' : entry.technical_pass ? 'pass' : 'fail'}
                data-bond={entry.bid_bond_compliant === null ? '' : entry.bid_bond_compliant ? 'compliant' : 'non-compliant'}
              >
                <div className={styles.head}>
                  {entry.rank !== null && (
                    <Badge appearance="filled" color="brand" shape="circular">
                      {t('record.rank', { rank: format.number(entry.rank) })}
                    </Badge>
                  )}
                  <Text weight="semibold">
                    <bdi>{entry.contractor_name ?? '—'}</bdi>
                  </Text>
                  {isMine && <Badge appearance="tint">{t('record.yours')}</Badge>}
                  {entry.technical_pass !== null && (
                    <Badge appearance="tint" color={entry.technical_pass ? 'success' : 'danger'} shape="rounded" data-testid="entry-technical">
                      {entry.technical_pass ? t('record.passed') : t('record.failed')}
                    </Badge>
                  )}
                  {entry.bid_bond_compliant !== null && (
                    <Badge appearance={entry.bid_bond_compliant ? 'tint' : 'filled'} color={entry.bid_bond_compliant ? 'success' : 'warning'} shape="rounded" data-testid="entry-bond">
                      {entry.bid_bond_compliant ? t('record.bondCompliant') : t('record.bondNonCompliant')}
                    </Badge>
                  )}
                </div>
                {entry.amount !== null ? (
                  <Text className={styles.amount}>{format.sar(entry.amount)}</Text>
                ) : (
                  <Text className={styles.muted} data-testid="entry-sealed">
                    {entry.technical_pass === false ? t('record.notOpened') : t('record.financialSealed')}
                  </Text>
                )}
                {entry.amount !== null && (
                  <Text>{entry.estimated_completion_days !== null ? t('record.days', { count: entry.estimated_completion_days }) : t('record.noDays')}</Text>
                )}
                <Text className={styles.digest} dir="ltr">
                  SHA-256 {entry.digest}
                </Text>
                {isMine && matches !== null && (
                  <Text data-testid="receipt-check" data-matches={matches}>
                    {matches ? <CheckmarkCircleRegular aria-hidden /> : <ErrorCircleRegular aria-hidden />} {matches ? t('record.matches') : t('record.mismatch')}
                  </Text>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
