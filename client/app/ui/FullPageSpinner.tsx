import { Spinner, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'grid', placeItems: 'center', minBlockSize: '60vh' },
});

/** Shown while the session or a lazily loaded screen is on its way. */
export function FullPageSpinner() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root} role="status">
      <Spinner size="large" label={t('status.loading')} labelPosition="below" />
    </div>
  );
}
