import { useTranslation } from 'react-i18next';
import type { TenderPhase } from '../../../shared/tender';
import { StatusBadge, type StatusTone } from '../../ui/StatusBadge';

const PHASE_TONE: Record<TenderPhase, StatusTone> = { bidding: 'informative', evaluation: 'important', standstill: 'warning' };

/** Where an open project's tender stands, shown beside its status (the status keeps its meaning). */
export function TenderPhaseBadge({ phase }: { phase: TenderPhase | null }) {
  const { t } = useTranslation('tender');
  if (!phase) return null;
  return <StatusBadge label={t(`phase.${phase}`)} tone={PHASE_TONE[phase]} status={phase} testId="tender-phase" />;
}
