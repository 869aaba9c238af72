import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import type { TenderPhase } from '../../../shared/tender';
import { TenderMomentText } from './TenderMomentText';

/**
 * The tender's moments on a project card, each in Gregorian and Hijri: when the bids are
 * (or were) opened, and the standstill's end or the award's becoming final.
 */
export function TenderTimeline({ project, phase }: { project: Project; phase: TenderPhase | null }) {
  const { t } = useTranslation('tender');
  return (
    <>
      {project.opened_at ? (
        <TenderMomentText i18nKey="opening.openedAt" at={project.opened_at} testId="tender-opened-at" />
      ) : project.opens_at ? (
        <TenderMomentText i18nKey="opening.opensAt" at={project.opens_at} testId="tender-opens-at" />
      ) : (
        project.status === 'open' && <Text data-testid="tender-opens-at">{t('opening.byOwner')}</Text>
      )}
      {phase === 'standstill' && project.standstill_ends_at && (
        <>
          <TenderMomentText i18nKey="standstill.until" at={project.standstill_ends_at} testId="standstill-until" />
          <Text size={200}>{t('standstill.explain')}</Text>
        </>
      )}
      {project.award_final_at && <TenderMomentText i18nKey="standstill.final" at={project.award_final_at} testId="award-final" />}
    </>
  );
}
