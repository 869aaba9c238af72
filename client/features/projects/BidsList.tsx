import { Badge, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import type { TenderPhase } from '../../../shared/tender';
import { TierBadge } from '../../ui/TierBadge';
import { Rating } from '../../ui/Rating';
import { ScorecardFigures } from '../../ui/ScorecardFigures';
import { usePendingKeys } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { PendingBadge } from '../../ui/PendingBadge';
import { useProjectMutations } from './mutations';
import { BidStatusBadge } from './ProjectStatusBadge';
import { useBidsOn } from './queries';

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
  bid: { display: 'grid', gap: tokens.spacingVerticalXS, alignContent: 'start' },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  amount: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  proposal: { whiteSpace: 'pre-wrap', color: tokens.colorNeutralForeground2 },
});

/**
 * The opened bids on a government's project, side by side, cheapest first, each with its
 * bidder's tier, reviews and 12-month scorecard, with the award action while the tender is in evaluation (after the opening, before an award or
 * after an upheld objection withdrew it).
 */
export function BidsList({ project, phase }: { project: Project; phase: TenderPhase | null }) {
  const styles = useStyles();
  const { t } = useTranslation(['projects', 'tender']);
  const format = useFormat();
  const bids = useBidsOn(project.id);
  const pending = usePendingKeys();
  const { award } = useProjectMutations();
  if (!bids) return null;
  if (!bids.length) return <Text>{t('bids.none')}</Text>;
  return (
    <div className={styles.grid} role="list" aria-label={t('bids.title')}>
      {bids.map((bid) => (
        <Card key={bid.id} className={styles.bid} role="listitem" data-testid="received-bid" data-bid-id={bid.id}>
          <div className={styles.head}>
            <Text weight="semibold">
              <bdi>{bid.contractor_name ?? '—'}</bdi>
            </Text>
            <TierBadge tier={bid.contractor_verification_tier} />
            <Rating average={bid.contractor_average_rating} count={bid.contractor_total_reviews} />
            <BidStatusBadge status={bid.status} />
            {project.awarded_bid_id === bid.id && <Badge appearance="filled" color="success" data-testid="awarded-bid">{t('bids.winner')}</Badge>}
            {pending.has(`bid:${bid.id}`) && <PendingBadge />}
          </div>
          <Text className={styles.amount}>{format.sar(bid.amount)}</Text>
          <ScorecardFigures card={bid.contractor_scorecard?.['12m']} window="12m" testId="bidder-scorecard" />
          {bid.estimated_completion_days !== null && (
            <Text>
              {t('bids.days')}: {t('bid.days', { count: bid.estimated_completion_days })}
            </Text>
          )}
          <Text className={styles.proposal}>
            <bdi>{bid.proposal}</bdi>
          </Text>
          {project.status === 'open' && phase === 'evaluation' && !project.awarded_bid_id && bid.status === 'submitted' && (
            <ConfirmButton
              appearance="primary"
              question={t('tender:award.confirm', { name: bid.contractor_name ?? '—', amount: format.sar(bid.amount) })}
              confirmLabel={t('tender:award.yes')}
              cancelLabel={t('tender:award.no')}
              onConfirm={() => void award(project.id, bid.id)}
              testId="award-bid"
            >
              {t('bids.award')}
            </ConfirmButton>
          )}
        </Card>
      ))}
    </div>
  );
}
