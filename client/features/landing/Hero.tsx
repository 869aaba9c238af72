import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useLogin } from '../auth/useLogin';

const useStyles = makeStyles({
  hero: {
    paddingBlock: '48px',
    paddingInline: tokens.spacingHorizontalXL,
    backgroundImage: `linear-gradient(160deg, ${tokens.colorBrandBackground} 0%, #0a4a82 100%)`,
    color: tokens.colorNeutralForegroundOnBrand,
    textAlign: 'center',
  },
  inner: { maxInlineSize: '760px', marginInline: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  eyebrow: { margin: 0, fontSize: tokens.fontSizeBase300, opacity: 0.9 },
  title: { margin: 0, fontSize: '30px', lineHeight: '1.35', fontWeight: tokens.fontWeightBold },
  subtitle: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: '1.7' },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalM },
  secondary: {
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForegroundOnBrand,
    border: `1px solid ${tokens.colorNeutralForegroundOnBrand}`,
  },
});

export function Hero() {
  const styles = useStyles();
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const { login, busy } = useLogin();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
        <h1 id="hero-title" className={styles.title}>
          {t('hero.title')}
        </h1>
        <p className={styles.subtitle}>{t('hero.subtitle')}</p>
        <div className={styles.actions}>
          <Button size="large" onClick={login} disabled={busy}>
            {t('hero.start')}
          </Button>
          <Button size="large" appearance="outline" className={styles.secondary} onClick={() => navigate(PATHS.services)}>
            {t('hero.browse')}
          </Button>
        </div>
      </div>
    </section>
  );
}
