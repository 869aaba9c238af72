/**
 * /notifications: all or unread, of every type or one, mark one or all read, each rendered
 * in the reader's current language from its kind and params, tagged with its type and
 * stamped with its date and time. Reads and writes the local
 * store, so it works offline; the marks go through the outbox.
 */
import { Badge, Button, Card, Select, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
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
import { notificationKey, typeOfRow, useNotificationTypes, useNotifications, useUnreadCount, type NotificationFilter } from './queries';
import { renderNotification } from './render';
import { TypeTag } from './TypeTag';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
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
  const [type, setType] = useState<string | null>(null);
  const types = useNotificationTypes();
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
      <div className={styles.filters}>
        <TabList selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as 'all' | 'unread')} aria-label={t('filter')}>
          <Tab value="all" data-testid="filter-all">
            {t('all')}
          </Tab>
          <Tab value="unread" data-testid="filter-unread">
            {t('unread', { count: unread, n: format.number(unread) })}
          </Tab>
        </TabList>
        <Select aria-label={t('typeFilter')} value={type ?? ''} onChange={(_, d) => setType(d.value || null)} data-testid="filter-type">
          <option value="">{t('allTypes')}</option>
          {/* The chosen type stays offered when its last notification goes. */}
          {(type === null || types.includes(type) ? types : [...types, type]).map((v) => (
            <option key={v} value={v}>
              {t(`types.${v}`, { defaultValue: v })}
            </option>
          ))}
        </Select>
      </div>
      <ComponentErrorBoundary>
        <NotificationList filter={{ onlyUnread: filter === 'unread', type }} />
      </ComponentErrorBoundary>
    </section>
  );
}

function NotificationList({ filter }: { filter: NotificationFilter }) {
  const styles = useStyles();
  const { t } = useTranslation(['notifications', 'sync', 'common', 'errors']);
  const rows = useNotifications(filter);
  const onlyUnread = filter.onlyUnread;
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
              <Text size={200} as="span">
                <time dateTime={n.created_at} data-testid="notification-time">
                  {format.dateTime(n.created_at)}
                </time>
              </Text>
              <TypeTag type={typeOfRow(n)} />
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
