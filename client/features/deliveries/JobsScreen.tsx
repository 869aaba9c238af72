import { Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingKeys } from '../../data/local/hooks';
import { useSession } from '../../data/session';
import { ListSkeleton } from '../../ui/ListStates';
import { readShareLocation, writeShareLocation } from './deliveryView';
import { JobCard } from './JobCard';
import { deliveryKey, useDriverJobs } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL },
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  muted: { margin: 0, color: tokens.colorNeutralForeground3 },
});

/**
 * /jobs, the driver's screen: the jobs assigned to them, each with its one next step
 * (picked up, on the way, delivered with the proof), then the finished ones. Everything
 * reads and writes the local store, so it works without a connection; steps wait in the
 * outbox ("waiting to send") with the time they were tapped.
 */
export function JobsScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['deliveries', 'common']);
  const { session } = useSession();
  const driverId = session.status === 'signedIn' ? session.user.id : '';
  const jobs = useDriverJobs(driverId);
  const pendingKeys = usePendingKeys();
  const [share, setShare] = useState(() => readShareLocation(driverId));
  if (session.status !== 'signedIn') return null;
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('jobs.title')}
        </h1>
        <p className={styles.intro}>{t('jobs.intro')}</p>
      </div>
      <Switch
        checked={share}
        label={t('jobs.shareLocation')}
        onChange={(_, d) => {
          setShare(d.checked);
          writeShareLocation(driverId, d.checked);
        }}
        data-testid="share-location"
      />
      {!jobs ? (
        <ListSkeleton label={t('common:status.loading')} />
      ) : (
        <>
          <div className={styles.list} data-testid="jobs-active">
            {jobs.active.length === 0 && <p className={styles.muted} data-testid="jobs-empty">{t('jobs.empty')}</p>}
            {jobs.active.map((d) => (
              <JobCard key={d.id} delivery={d} pending={pendingKeys.has(deliveryKey(d.id))} shareLocation={share} />
            ))}
          </div>
          {jobs.done.length > 0 && (
            <section className={styles.list} aria-labelledby="jobs-done" data-testid="jobs-done">
              <h2 id="jobs-done" className={styles.h2}>
                {t('jobs.done')}
              </h2>
              {jobs.done.map((d) => (
                <JobCard key={d.id} delivery={d} pending={pendingKeys.has(deliveryKey(d.id))} shareLocation={share} />
              ))}
            </section>
          )}
        </>
      )}
    </section>
  );
}
