import { PlainButton } from '../../ui/PlainButton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useLogin } from '../auth/useLogin';

export function Hero() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const { login, busy } = useLogin();
  return (
    <section className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-hero__inner">
        <p className="landing-hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="hero-title" className="landing-hero__title">
          {t('hero.title')}
        </h1>
        <p className="landing-hero__subtitle">{t('hero.subtitle')}</p>
        <div className="landing-hero__actions">
          <PlainButton size="large" onClick={login} disabled={busy}>
            {t('hero.start')}
          </PlainButton>
          <PlainButton size="large" appearance="outline" className="landing-hero__secondary" onClick={() => navigate(PATHS.services)}>
            {t('hero.browse')}
          </PlainButton>
        </div>
      </div>
    </section>
  );
}
