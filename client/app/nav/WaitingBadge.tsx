import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { BADGE_CAP } from '../../../shared/constants';
import { useWaitingForMeCount } from '../../features/purchase-requests/queries';
import { formatBadgeCount } from '../../i18n/format';

/** How many purchase requests wait for the person's approval now, on their entry (from the device's rows, offline too); nothing at zero. */
export function WaitingBadge() {
  const { t, i18n } = useTranslation();
  const count = useWaitingForMeCount();
  if (count <= 0) return null;
  return (
    <Badge size="small" color="warning" aria-label={t('nav.waiting', { count })} data-testid="waiting-badge">
      {formatBadgeCount(count, BADGE_CAP, i18n.resolvedLanguage ?? 'ar')}
    </Badge>
  );
}
