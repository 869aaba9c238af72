import { PlainButton } from '../../ui/PlainButton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useLogin } from '../auth/useLogin';

/** Browse without registration: the public catalogue is one tap away. */
export function BrowseSection() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  return (
    <section className="landing-band" aria-labelledby="browse-title">
      <h2 id="browse-title" className="landing-band__title">
        {t('browse.title')}
      </h2>
      <p className="landing-band__body">{t('browse.body')}</p>
      <PlainButton appearance="primary" size="large" onClick={() => navigate(PATHS.services)} data-testid="browse-services">
        {t('browse.action')}
      </PlainButton>
    </section>
  );
}

/** The closing call to action: create an account (sign in, then setup). */
export function CallToAction() {
  const { t } = useTranslation('landing');
  const { login, busy } = useLogin();
  return (
    <section className="landing-band landing-band--cta" aria-labelledby="cta-title">
      <h2 id="cta-title" className="landing-band__title">
        {t('cta.title')}
      </h2>
      <p className="landing-band__body">{t('cta.body')}</p>
      <PlainButton appearance="primary" size="large" onClick={login} disabled={busy}>
        {t('cta.action')}
      </PlainButton>
    </section>
  );
}
