import { BuildingFactoryRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../data/session';
import { LanguageSwitcher } from '../ui/LanguageSwitcher';
import { PlainButton } from '../ui/PlainButton';
import { PlainSpinner } from '../ui/PlainSpinner';
import { PATHS } from '../paths';
import { useLogin } from '../features/auth/useLogin';

/**
 * The public pages (landing, services, info) under their header: the shell draws it, so
 * a page only brings its own content. The prerendered landing page passes the page as
 * children; the routes give it through the Outlet.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <PublicHeader />
      {children ?? <Outlet />}
    </>
  );
}

/**
 * The public header: brand, the 'view services' link, language, and the login button
 * (a spinner while the session loads, the dashboard once signed in).
 */
function PublicHeader() {
  const { t } = useTranslation(['landing', 'common']);
  const { login, busy, error } = useLogin();
  const { session } = useSession();
  const navigate = useNavigate();
  // The server sends a refused sign-in back to /?login_error=<reason>.
  const [params] = useSearchParams();
  const refused = params.has('login_error');
  return (
    <>
      <header className="public-header">
        <Link to={PATHS.home} className="public-header__brand">
          <BuildingFactoryRegular className="public-header__brand-icon" aria-hidden />
          {t('common:app.name')}
        </Link>
        <div className="public-header__actions">
          <Link to={PATHS.services} className="public-header__services">
            {t('header.services')}
          </Link>
          <LanguageSwitcher />
          {session.status === 'loading' ? (
            <span className="public-header__pending">
              <PlainButton appearance="primary" className="public-header__placeholder" tabIndex={-1}>
                {t('common:actions.login')}
              </PlainButton>
              <PlainSpinner size="tiny" className="public-header__pending-spinner" aria-label={t('common:status.loading')} data-testid="session-spinner" />
            </span>
          ) : session.status === 'signedIn' ? (
            <PlainButton appearance="primary" onClick={() => navigate(PATHS.dashboard)}>
              {t('common:nav.dashboard')}
            </PlainButton>
          ) : (
            <PlainButton appearance="primary" onClick={login} disabled={busy} data-testid="login-button">
              {t('common:actions.login')}
            </PlainButton>
          )}
        </div>
      </header>
      {(error || refused) && (
        // A plain alert rather than Fluent's MessageBar: this header is in the landing bundle.
        <p className="public-header__alert" role="alert">
          {t('common:auth.loginFailed')}
        </p>
      )}
    </>
  );
}
