import { useTranslation } from 'react-i18next';
import type { TenderPhase } from '../../../shared/tender';
import { StatusBadge } from '../../ui/StatusBadge';
import { TENDER_PHASE_TONE } from '../../ui/statusTones';

/** Where an open project's tender stands, shown beside its status (the status keeps its meaning). */
export function TenderPhaseBadge({ phase }: { phase: TenderPhase | null }) {
  const { t } = useTranslation('tender');
  if (!phase) return null;
  return <StatusBadge label={t(`phase.${phase}`)} tone={TENDER_PHASE_TONE[phase]} status={phase} testId="tender-phase" />;
}
