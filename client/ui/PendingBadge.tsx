import { Badge } from '@fluentui/react-components';
import { ClockRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/** "Waiting to send": a row with a write this device has not sent yet. */
export function PendingBadge() {
  const { t } = useTranslation('sync');
  return (
    <Badge appearance="tint" color="warning" icon={<ClockRegular />} data-testid="pending-badge">
      {t('pending')}
    </Badge>
  );
}
