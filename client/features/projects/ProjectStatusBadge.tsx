import { useTranslation } from 'react-i18next';
import type { BidStatus } from '../../../shared/lifecycles/projects';
import type { ShownProjectStatus } from '../../../shared/tender';
import { StatusBadge } from '../../ui/StatusBadge';
import { BID_TONE, PROJECT_TONE } from '../../ui/statusTones';

/** A project's status as people read it (shared/tender.ts shownProjectStatus: awarded during the standstill). */
export function ProjectStatusBadge({ status }: { status: ShownProjectStatus }) {
  const { t } = useTranslation('projects');
  return <StatusBadge label={t(`status.${status}`)} tone={PROJECT_TONE[status]} status={status} testId="project-status" />;
}

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const { t } = useTranslation('projects');
  return <StatusBadge label={t(`bidStatus.${status}`)} tone={BID_TONE[status]} status={status} testId="bid-status" />;
}
