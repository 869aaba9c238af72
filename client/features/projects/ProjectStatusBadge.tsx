import { useTranslation } from 'react-i18next';
import type { BidStatus, ProjectStatus } from '../../../shared/constants';
import { StatusBadge, type StatusTone } from '../../ui/StatusBadge';

const PROJECT_TONE: Record<ProjectStatus, StatusTone> = { open: 'brand', in_progress: 'warning', completed: 'success', cancelled: 'subtle' };
const BID_TONE: Record<BidStatus, StatusTone> = { submitted: 'informative', accepted: 'success', rejected: 'danger', withdrawn: 'subtle' };

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('projects');
  return <StatusBadge label={t(`status.${status}`)} tone={PROJECT_TONE[status]} status={status} testId="project-status" />;
}

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const { t } = useTranslation('projects');
  return <StatusBadge label={t(`bidStatus.${status}`)} tone={BID_TONE[status]} status={status} testId="bid-status" />;
}
