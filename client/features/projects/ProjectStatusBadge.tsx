import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { BidStatus, ProjectStatus } from '../../../shared/constants';

const PROJECT_COLOR = { open: 'brand', in_progress: 'warning', completed: 'success', cancelled: 'subtle' } as const;
const BID_COLOR = { submitted: 'informative', accepted: 'success', rejected: 'danger', withdrawn: 'subtle' } as const;

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('projects');
  return (
    <Badge appearance="filled" color={PROJECT_COLOR[status]} data-testid="project-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const { t } = useTranslation('projects');
  return (
    <Badge appearance="tint" color={BID_COLOR[status]} data-testid="bid-status" data-status={status}>
      {t(`bidStatus.${status}`)}
    </Badge>
  );
}
