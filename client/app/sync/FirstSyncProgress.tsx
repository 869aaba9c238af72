import { Field, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSyncState } from '../../data/local/hooks';

const useStyles = makeStyles({
  root: { paddingInline: tokens.spacingHorizontalL, paddingBlock: tokens.spacingVerticalS, maxInlineSize: '1100px', marginInline: 'auto' },
});

/** The first sync's progress (rows received of about how many), until everything is in. */
export function FirstSyncProgress() {
  const styles = useStyles();
  const { t } = useTranslation('sync');
  const { bootstrap } = useSyncState();
  if (bootstrap.done) return null;
  const { received, total } = bootstrap;
  const value = total ? Math.min(1, received / total) : undefined;
  return (
    <div className={styles.root} data-testid="first-sync" data-usable={bootstrap.usable}>
      <Field
        label={t('firstSync.title')}
        validationState="none"
        validationMessage={
          (total ? t('firstSync.progress', { received, count: total }) : t('firstSync.progressUnknown', { count: received })) +
          (bootstrap.usable ? ` · ${t('firstSync.usable')}` : '')
        }
      >
        <ProgressBar value={value} thickness="large" />
      </Field>
    </div>
  );
}
