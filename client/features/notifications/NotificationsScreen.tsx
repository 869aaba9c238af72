/**
 * /notifications: all or unread, mark one or all read, each rendered in
 * the reader's current language from its kind and params. Reads and writes the local
 * store, so it works offline; the marks go through the outbox.
 */
import { Badge, Button, Card, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, CheckmarkRegular, MailReadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { notificationTarget } from '../../../shared/push';
import { ComponentErrorBoundary } from '../../ui/ErrorBox';
import { useIsPending } from '../../data/local/hooks';
import type { NotificationItem } from '../../data/types';
import { useFormat } from '../../i18n/format';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { PendingBadge } from '../../ui/PendingBadge';
import { PATHS } from '../../paths';
import { useNotificationWrites } from './mutations';
import { notificationKey, useNotifications, useUnreadCount } from './queries';
import { renderNotification } from './render';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  list: { display: 'grid', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  unread: { borderInlineStartWidth: '4px', borderInlineStartStyle: 'solid', borderInlineStartColor: tokens.colorBrandStroke1 },
  row: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  body: { display: 'grid', gap: tokens.spacingVerticalXS, minInlineSize: 0 },
  message: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  link: { color: 'inherit', textDecorationLine: 'underline', textDecorationColor: tokens.colorBrandStroke1, textUnderlineOffset: '3px' },
  meta: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', color: tokens.colorNeutralForeground3 },
});

export function NotificationsScreen() {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const unread = useUnreadCount();
  const writes = useNotificationWrites();
  const format = useFormat();

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        <Button icon={<MailReadRegular />} disabled={unread === 0} onClick={() => void writes.readAll()} data-testid="mark-all-read">
          {t('markAll')}
        </Button>
      </div>
      <TabList selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as 'all' | 'unread')} aria-label={t('filter')}>
        <Tab value="all" data-testid="filter-all">
          {t('all')}
        </Tab>
        <Tab value="unread" data-testid="filter-unread">
          {t('unread', { count: unread, n: format.number(unread) })}
        </Tab>
      </TabList>
      <ComponentErrorBoundary>
        <NotificationList onlyUnread={filter === 'unread'} />
      </ComponentErrorBoundary>
    </section>
  );
}

function NotificationList({ onlyUnread }: { onlyUnread: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['notifications', 'sync', 'common', 'errors']);
  const rows = useNotifications(onlyUnread);
  if (rows === undefined) return <ListSkeleton label={t('loading')} />;
  if (rows.length === 0)
    return <EmptyState icon={<AlertRegular />} title={t(onlyUnread ? 'empty.unreadTitle' : 'empty.title')} body={t(onlyUnread ? 'empty.unreadBody' : 'empty.body')} />;
  return (
    <ul className={styles.list} data-testid="notification-list">
      {rows.map((n) => (
        <NotificationRow key={n.id} n={n} />
      ))}
    </ul>
  );
}

function NotificationRow({ n }: { n: NotificationItem }) {
  const styles = useStyles();
  const { t } = useTranslation(['notifications', 'sync', 'common', 'errors']);
  const format = useFormat();
  const writes = useNotificationWrites();
  const pending = useIsPending(notificationKey(n.id));
  const { title, message } = renderNotification(t, n, format);
  // The item it is about; a kind with no screen of its own leads back here, so no link.
  const target = notificationTarget(n.kind, n.params ?? {});
  const link = target.startsWith(PATHS.notifications) ? null : target;
  return (
    <li>
      <Card className={n.is_read ? undefined : styles.unread} data-testid="notification" data-read={n.is_read} data-kind={n.kind}>
        <div className={styles.row}>
          <div className={styles.body}>
            <Text weight={n.is_read ? 'regular' : 'semibold'} data-testid="notification-title">
              {link ? (
                // Opening what it is about reads it.
                <RouterLink className={styles.link} to={link} onClick={() => void (n.is_read || writes.read(n.id))} data-testid="notification-link">
                  {title}
                </RouterLink>
              ) : (
                title
              )}
            </Text>
            <Text className={styles.message} data-testid="notification-message">
              {message}
            </Text>
            <div className={styles.meta}>
              <Text size={200}>{format.date(n.created_at)}</Text>
              <Badge appearance="outline" color={n.priority === 'urgent' || n.priority === 'high' ? 'danger' : 'informative'} size="small">
                {t(`types.${n.type}`)}
              </Badge>
              {!n.is_read && (
                <Badge appearance="filled" color="brand" size="small">
                  {t('new')}
                </Badge>
              )}
              {pending && <PendingBadge />}
            </div>
          </div>
          {!n.is_read && (
            <Button appearance="subtle" icon={<CheckmarkRegular />} onClick={() => void writes.read(n.id)} data-testid="mark-read" aria-label={t('markOneNamed', { title })}>
              {t('markOne')}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
