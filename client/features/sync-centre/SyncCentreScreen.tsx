import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocalData } from '../../data/local/DataProvider';
import { useOutbox, useRejections, useSyncState } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PendingBadge } from '../../ui/PendingBadge';
import { RejectionCard } from './RejectionCard';
import { actionLabel } from '../../ui/refusals';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  section: { display: 'grid', gap: tokens.spacingVerticalS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The sync centre: what waits to be sent and what the server refused,
 * with the reason in the reader's language, edit-and-resend and discard.
 */
export function SyncCentreScreen() {
  const styles = useStyles();
  const { t } = useTranslation('sync');
  const format = useFormat();
  const { engine } = useLocalData();
  const state = useSyncState();
  const rejections = useRejections();
  const waiting = useOutbox().filter((m) => m.status === 'pending');

  return (
    <section className={styles.root} aria-labelledby="sync-title">
      <div className={styles.head}>
        <div>
          <h1 id="sync-title" className={styles.title}>
            {t('centre.title')}
          </h1>
          <Text className={styles.muted}>{t('centre.intro')}</Text>
        </div>
        <div>
          <Button icon={<ArrowSyncRegular />} onClick={() => void engine.sync()} disabled={state.phase === 'syncing'} data-testid="sync-now">
            {t('centre.syncNow')}
          </Button>
          <Text as="p" className={styles.muted} data-testid="last-synced">
            {state.lastSyncedAt ? t('centre.lastSynced', { when: format.date(new Date(state.lastSyncedAt)) }) : t('centre.neverSynced')}
          </Text>
        </div>
      </div>

      <section className={styles.section} aria-labelledby="refused-title">
        <h2 id="refused-title" className={styles.h2}>
          {t('centre.refusedTitle')}
        </h2>
        {rejections.length ? rejections.map((r) => <RejectionCard key={r.id} rejection={r} />) : <Text className={styles.muted}>{t('centre.refusedEmpty')}</Text>}
      </section>

      <section className={styles.section} aria-labelledby="waiting-title">
        <h2 id="waiting-title" className={styles.h2}>
          {t('centre.waitingTitle')}
        </h2>
        {waiting.length ? (
          waiting.map((m) => (
            <Card key={m.id} data-testid="waiting-item">
              <div className={styles.row}>
                <Text weight="semibold">{actionLabel(t, m.name)}</Text>
                <PendingBadge />
              </div>
              <Text className={styles.muted}>{t('centre.madeAt', { when: format.date(m.created_at) })}</Text>
            </Card>
          ))
        ) : (
          <Text className={styles.muted}>{t('centre.waitingEmpty')}</Text>
        )}
      </section>
    </section>
  );
}
