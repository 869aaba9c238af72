import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bid } from '../../../shared/schemas/bid';
import type { Project } from '../../../shared/schemas/project';
import type { TenderPhase } from '../../../shared/tender';
import { ObjectionDialog, ObjectionsList } from './Objections';
import { OpeningRecordView } from './OpeningRecordView';
import { useObjectionsOn, useOpeningRecord } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS },
  outcome: { fontWeight: tokens.fontWeightSemibold },
});

/**
 * A bidder's side of a tender once the award is made: the outcome of their bid, the
 * opening record with their own bid checked against their receipt, and during the
 * standstill, if another bid was chosen, one objection.
 */
export function BidderTender({ project, bid, phase }: { project: Project; bid: Bid; phase: TenderPhase | null }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const record = useOpeningRecord(project.id);
  const objections = useObjectionsOn(project.id);
  const [objecting, setObjecting] = useState(false);
  if (!project.awarded_bid_id || bid.status === 'withdrawn') return null;
  const won = project.awarded_bid_id === bid.id;
  const mine = (objections ?? []).filter((o) => o.contractor_id === bid.contractor_id);
  const objectedToThisAward = mine.some((o) => o.award_bid_id === project.awarded_bid_id);
  return (
    <div className={styles.root} data-testid="bidder-tender">
      {phase === 'standstill' && (
        <Text className={styles.outcome} data-testid="tender-outcome" data-won={won}>
          {won ? t('standstill.won') : t('standstill.lost')}
        </Text>
      )}
      {record && <OpeningRecordView record={record} myBid={bid} />}
      <ObjectionsList objections={mine} owner={false} />
      {phase === 'standstill' && !won && objections && !objectedToThisAward && (
        <div>
          <Button onClick={() => setObjecting(true)} data-testid="file-objection">
            {t('objection.file')}
          </Button>
        </div>
      )}
      {objecting && <ObjectionDialog project={project} onClose={() => setObjecting(false)} />}
    </div>
  );
}
