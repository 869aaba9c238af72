import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';

const useStyles = makeStyles({
  main: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, paddingBlock: '20vh', paddingInline: tokens.spacingHorizontalL, textAlign: 'center' },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
});

export function NotFoundScreen() {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <main className={styles.main}>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Button appearance="primary" onClick={() => navigate(PATHS.home)}>
        {t('actions.backHome')}
      </Button>
    </main>
  );
}
