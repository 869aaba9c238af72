import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useLogin } from '../auth/useLogin';

const useStyles = makeStyles({
  band: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    paddingBlock: '40px',
    paddingInline: tokens.spacingHorizontalXL,
    textAlign: 'center',
  },
  cta: { backgroundColor: tokens.colorBrandBackground2 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  body: { margin: 0, maxInlineSize: '640px', lineHeight: '1.7', color: tokens.colorNeutralForeground2 },
});

/** Browse without registration: the public catalogue is one tap away. */
export function BrowseSection() {
  const styles = useStyles();
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  return (
    <section className={styles.band} aria-labelledby="browse-title">
      <h2 id="browse-title" className={styles.title}>
        {t('browse.title')}
      </h2>
      <p className={styles.body}>{t('browse.body')}</p>
      <Button appearance="primary" size="large" onClick={() => navigate(PATHS.services)} data-testid="browse-services">
        {t('browse.action')}
      </Button>
    </section>
  );
}

/** The closing call to action: create an account (sign in, then setup). */
export function CallToAction() {
  const styles = useStyles();
  const { t } = useTranslation('landing');
  const { login, busy } = useLogin();
  return (
    <section className={`${styles.band} ${styles.cta}`} aria-labelledby="cta-title">
      <h2 id="cta-title" className={styles.title}>
        {t('cta.title')}
      </h2>
      <p className={styles.body}>{t('cta.body')}</p>
      <Button appearance="primary" size="large" onClick={login} disabled={busy}>
        {t('cta.action')}
      </Button>
    </section>
  );
}
