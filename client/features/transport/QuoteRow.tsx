import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransportOffer } from '../../../shared/schemas/transport-offer';
import { useFormat } from '../../i18n/format';
import { Facts, type Fact } from '../../ui/Facts';
import { PendingBadge } from '../../ui/PendingBadge';
import { ScorecardFigures } from '../../ui/ScorecardFigures';
import { StatusBadge } from '../../ui/StatusBadge';
import { SubmittedBy } from '../../ui/SubmittedBy';
import { TRANSPORT_QUOTE_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  price: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  notes: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * One quote: the company (or "your quote"), price, the carrier's 12-month scorecard (for the
 * requester who compares quotes), times, vehicle, notes and its status.
 */
export function QuoteRow({ quote, pending, title, showScorecard = false, children }: { quote: TransportOffer; pending: boolean; title?: string; showScorecard?: boolean; children?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation(['transport', 'common']);
  const format = useFormat();
  const tierCode = quote.transport_company_verification_tier;
  const facts: Fact[] = [];
  if (quote.estimated_pickup_time) facts.push({ term: t('card.pickup'), value: format.dateTime(quote.estimated_pickup_time) });
  if (quote.estimated_delivery_time) facts.push({ term: t('card.delivery'), value: format.dateTime(quote.estimated_delivery_time) });
  if (quote.vehicle_details) facts.push({ term: t('card.vehicle'), value: <bdi>{quote.vehicle_details}</bdi> });
  return (
    <div className={styles.row} data-testid="quote-row" data-id={quote.id} data-status={quote.status}>
      <div className={styles.head}>
        <Text weight="semibold">{title ?? <bdi>{quote.transport_company_name ?? t('card.someone')}</bdi>}</Text>
        <span>
          <StatusBadge label={t(`quoteStatus.${quote.status}`)} tone={TRANSPORT_QUOTE_TONE[quote.status]} status={quote.status} testId="quote-status" />{' '}
          {pending && <PendingBadge />}
        </span>
      </div>
      <Text className={styles.price} data-testid="quote-price">
        {format.sar(quote.quoted_price)}
      </Text>
      {tierCode !== 'unverified' && <Text className={styles.muted}>{t('quotes.tier', { tier: t(`common:tiers.${tierCode}`) })}</Text>}
      {showScorecard && <ScorecardFigures card={quote.transport_company_scorecard?.['12m']} window="12m" testId="carrier-scorecard" />}
      <Facts facts={facts} />
      <SubmittedBy name={quote.created_by_name} />
      {quote.notes && (
        <p className={styles.notes}>
          <bdi>{quote.notes}</bdi>
        </p>
      )}
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
