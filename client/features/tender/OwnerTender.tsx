import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import type { TenderPhase } from '../../../shared/tender';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ObjectionsList } from './Objections';
import { OpeningRecordView } from './OpeningRecordView';
import { TechnicalEvaluation } from './TechnicalEvaluation';
import { useTenderMutations } from './mutations';
import { useObjectionsOn, useOpeningRecord } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS },
  sealed: { display: 'grid', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
});

/**
 * The owner's side of a tender. Before the opening: how many bids there are and nothing
 * of what they say (this device never receives them), and, for a project without a
 * deadline, closing the bidding. From the opening: the opening record and, in a
 * two-envelope tender, the technical envelopes to evaluate (first while that is the work
 * at hand) before the financial ones are opened. During the standstill and after: the
 * objections, answered here.
 */
export function OwnerTender({ project, phase }: { project: Project; phase: TenderPhase | null }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const { closeBidding } = useTenderMutations();
  const record = useOpeningRecord(project.id);
  const objections = useObjectionsOn(project.id);
  if (phase === 'bidding') {
    return (
      <div className={styles.root}>
        <div className={styles.sealed} data-testid="sealed-bids" data-count={project.bid_count}>
          <Text weight="semibold">{t('opening.sealed', { count: project.bid_count ?? 0 })}</Text>
          <Text className={styles.muted}>{t('opening.sealedNote')}</Text>
        </div>
        {!project.opens_at && (
          <div>
            <ConfirmButton
              appearance="primary"
              question={t('opening.closeConfirm')}
              confirmLabel={t('opening.confirm')}
              cancelLabel={t('opening.back')}
              onConfirm={() => void closeBidding(project.id)}
              testId="close-bidding"
            >
              {t('opening.closeBidding')}
            </ConfirmButton>
          </div>
        )}
      </div>
    );
  }
  if (!project.opened_at && !record) {
    // The moment has passed; the record comes with the server's answer or the next sync.
    return project.status === 'open' ? <Text className={styles.muted}>{t('opening.passed')}</Text> : null;
  }
  return (
    <div className={styles.root}>
      {project.envelopes === 2 && phase === 'technical_evaluation' && <TechnicalEvaluation project={project} />}
      {record ? <OpeningRecordView record={record} /> : <Text className={styles.muted}>{t('record.unavailable')}</Text>}
      {project.envelopes === 2 && phase !== 'technical_evaluation' && <TechnicalEvaluation project={project} />}
      {objections && (objections.length > 0 || phase === 'standstill') && (
        <>
          <h3 className={styles.title}>{t('objection.title')}</h3>
          <ObjectionsList objections={objections} owner />
        </>
      )}
    </div>
  );
}
