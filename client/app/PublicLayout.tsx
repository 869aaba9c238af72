import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { BuildingFactoryRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../data/session';
import { LanguageSwitcher } from '../ui/LanguageSwitcher';
import { PATHS } from '../paths';
import { useLogin } from '../features/auth/useLogin';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  brand: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase500,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    marginInlineEnd: 'auto',
  },
  brandIcon: { fontSize: '28px' },
  servicesLink: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    paddingInline: tokens.spacingHorizontalXS,
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // While the session loads, the login button's place is kept (the button laid out but
  // not shown, the spinner over it): on a phone the header wraps once the button is in,
  // and it must not reflow the page under the reader (layout shift 0.19 in Arabic).
  pending: { position: 'relative', display: 'inline-flex' },
  placeholder: { visibility: 'hidden' },
  pendingSpinner: { position: 'absolute', insetBlock: 0, insetInline: 0 },
  alert: {
    margin: 0,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
});

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
  const styles = useStyles();
  const { t } = useTranslation(['landing', 'common']);
  const { login, busy, error } = useLogin();
  const { session } = useSession();
  const navigate = useNavigate();
  // The server sends a refused sign-in back to /?login_error=<reason>.
  const [params] = useSearchParams();
  const refused = params.has('login_error');
  return (
    <>
      <header className={styles.header}>
        <Link to={PATHS.home} className={styles.brand}>
          <BuildingFactoryRegular className={styles.brandIcon} aria-hidden />
          {t('common:app.name')}
        </Link>
        <div className={styles.actions}>
          <Link to={PATHS.services} className={styles.servicesLink}>
            {t('header.services')}
          </Link>
          <LanguageSwitcher />
          {session.status === 'loading' ? (
            <span className={styles.pending}>
              <Button appearance="primary" className={styles.placeholder} tabIndex={-1}>
                {t('common:actions.login')}
              </Button>
              <Spinner size="tiny" className={styles.pendingSpinner} aria-label={t('common:status.loading')} data-testid="session-spinner" />
            </span>
          ) : session.status === 'signedIn' ? (
            <Button appearance="primary" onClick={() => navigate(PATHS.dashboard)}>
              {t('common:nav.dashboard')}
            </Button>
          ) : (
            <Button appearance="primary" onClick={login} disabled={busy} data-testid="login-button">
              {t('common:actions.login')}
            </Button>
          )}
        </div>
      </header>
      {(error || refused) && (
        // A plain alert rather than Fluent's MessageBar: this header is in the landing bundle.
        <p className={styles.alert} role="alert">
          {t('common:auth.loginFailed')}
        </p>
      )}
    </>
  );
}
