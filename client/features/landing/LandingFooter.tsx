import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APP_VERSION, FOOTER_COUNTERS } from '../../../shared/constants';
import { INFO_TOPICS, PATHS } from '../../paths';
import { useFormat } from '../../i18n/format';
import { useLogin } from '../auth/useLogin';

/** Footer: the static counters, the version and the links. */
export function LandingFooter() {
  const { t } = useTranslation(['landing', 'common']);
  const format = useFormat();
  const { login } = useLogin();
  const counters = [
    ['suppliers', FOOTER_COUNTERS.suppliers],
    ['contractors', FOOTER_COUNTERS.contractors],
    ['government', FOOTER_COUNTERS.government],
  ] as const;
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <dl className="landing-footer__counters" data-testid="footer-counters">
          {counters.map(([key, value]) => (
            <div key={key} className="landing-footer__counter">
              <dt className="landing-footer__label">{t(`footer.counters.${key}`)}</dt>
              <dd className="landing-footer__value">{t('footer.atLeast', { value: format.number(value) })}</dd>
            </div>
          ))}
          <div className="landing-footer__counter">
            <dt className="landing-footer__label">{t('footer.version')}</dt>
            <dd className="landing-footer__value" dir="ltr">
              {APP_VERSION}
            </dd>
          </div>
        </dl>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className="landing-footer__links">
            {INFO_TOPICS.map((topic) => (
              <li key={topic}>
                <Link className="landing-footer__link" to={`${PATHS.info}/${topic}`}>
                  {t(`common:info.${topic}.title`)}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className="landing-footer__link-button" onClick={login}>
                {t('common:actions.login')}
              </button>
            </li>
            <li>
              <Link className="landing-footer__link" to={`${PATHS.services}?join=1`}>
                {t('footer.createAccount')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className="landing-footer__copy">{t('footer.copyright', { year: format.number(new Date().getFullYear(), { useGrouping: false }) })}</p>
      </div>
    </footer>
  );
}
