import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { BADGE_CAP } from '../../../shared/constants';
import { formatBadgeCount } from '../../i18n/format';

/** The unread count on the notifications entry; 9+ above 9, nothing at zero. */
export function UnreadBadge({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      size="small"
      color="danger"
      aria-label={t('nav.unread', { count })}
      data-testid="unread-badge"
    >
      {formatBadgeCount(count, BADGE_CAP, i18n.resolvedLanguage ?? 'ar')}
    </Badge>
  );
}
