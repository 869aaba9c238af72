/**
 * /invite/:token, public: which company invites you and as what, or why the link no longer
 * works. Signed out: sign in, and the callback brings you back here (data/returnPath.ts).
 * Signed in without a company: Join, then the session is read again and a driver goes to
 * their jobs, anyone else to the dashboard. Already in a company: leave it first, no button.
 */
import { Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BuildingFactoryRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../data/api';
import { acceptInvite, useInvitePreview, type CompanyInvitePreview } from '../../data/api/company';
import { useSession } from '../../data/session';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { useLogin } from '../auth/useLogin';
import { homeAfterJoining, inviteView, viewAfterRefusal, type InviteView } from './companyRules';

const useStyles = makeStyles({
  header: {
    display: 'flex',
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
  main: { maxInlineSize: '560px', marginInline: 'auto', paddingBlock: tokens.spacingVerticalXXL, paddingInline: tokens.spacingHorizontalL },
  card: { display: 'grid', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  icon: { fontSize: '48px', color: tokens.colorBrandForeground1 },
  eyebrow: { color: tokens.colorNeutralForeground2 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  body: { margin: 0, lineHeight: '1.7' },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export function InviteScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['company', 'common']);
  const { token = '' } = useParams();
  const preview = useInvitePreview(token);
  const { session, refresh } = useSession();
  const navigate = useNavigate();
  const { login, busy: loggingIn, error: loginError } = useLogin(`${PATHS.invite}/${token}`);
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<{ view: InviteView | null; message: string } | null>(null);

  const signedIn = session.status === 'signedIn';
  const computed = inviteView({
    preview: preview.data,
    errorCode: preview.error?.code,
    loading: preview.loading,
    session: session.status,
    hasCompany: signedIn && (Boolean(session.user.company_id) || Boolean(session.profile)),
  });
  const view = refusal?.view ?? computed;

  const join = async () => {
    setJoining(true);
    setRefusal(null);
    try {
      const joined = await acceptInvite(token);
      await refresh();
      void navigate(homeAfterJoining(joined.role, PATHS), { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      setRefusal({ view: viewAfterRefusal(code), message: error instanceof ApiError ? error.message : t('failed') });
      setJoining(false);
    }
  };

  return (
    <>
      <header className={styles.header}>
        <Link to={PATHS.home} className={styles.brand}>
          <BuildingFactoryRegular aria-hidden fontSize={28} />
          {t('common:app.name')}
        </Link>
        <LanguageSwitcher />
      </header>
      <main className={styles.main} data-testid="invite-page" data-view={view}>
        <Card className={styles.card}>
          <Body view={view} preview={preview.data} />
          {refusal && refusal.view === null && (
            <MessageBar layout="multiline" intent="error" role="alert" data-testid="invite-error">
              <MessageBarBody>{refusal.message}</MessageBarBody>
            </MessageBar>
          )}
          {loginError && (
            <MessageBar layout="multiline" intent="error" role="alert">
              <MessageBarBody>{t('common:auth.loginFailed')}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.actions}>
            {view === 'signIn' && (
              <Button appearance="primary" size="large" disabled={loggingIn} onClick={() => void login()} data-testid="invite-sign-in">
                {t('invitePage.signIn')}
              </Button>
            )}
            {view === 'join' && (
              <Button appearance="primary" size="large" disabled={joining} icon={joining ? <Spinner size="tiny" /> : undefined} onClick={() => void join()} data-testid="invite-join">
                {t('invitePage.join')}
              </Button>
            )}
            {(view === 'offline' || view === 'failed') && (
              <Button appearance="primary" onClick={preview.retry}>
                {t('common:actions.retry')}
              </Button>
            )}
            {view !== 'join' && view !== 'signIn' && view !== 'loading' && (
              <Button onClick={() => navigate(signedIn && session.profile ? PATHS.dashboard : PATHS.home)} data-testid="invite-leave">
                {t(signedIn && session.profile ? 'invitePage.dashboard' : 'invitePage.home')}
              </Button>
            )}
          </div>
        </Card>
      </main>
    </>
  );
}

/** The page's heading and text for each view. */
function Body({ view, preview }: { view: InviteView; preview: CompanyInvitePreview | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation(['company', 'common']);
  const format = useFormat();
  if (view === 'loading') return <Spinner label={t('invitePage.loading')} labelPosition="below" />;
  if (view === 'offline' || view === 'failed') {
    return (
      <>
        <h1 className={styles.title}>{t('invitePage.title')}</h1>
        <MessageBar intent={view === 'offline' ? 'warning' : 'error'} layout="multiline" data-testid="invite-unreachable">
          <MessageBarBody>{view === 'offline' ? t('invitePage.offline') : t('failed')}</MessageBarBody>
        </MessageBar>
      </>
    );
  }
  if (view === 'notFound' || view === 'expired' || view === 'used' || view === 'revoked') {
    return (
      <>
        <Text className={styles.eyebrow}>{t('invitePage.title')}</Text>
        <h1 className={styles.title} data-testid="invite-state-title">
          {t(`invitePage.states.${view}.title`)}
        </h1>
        <p className={styles.body}>{t(`invitePage.states.${view}.body`)}</p>
      </>
    );
  }
  if (!preview) return null;
  const company = preview.company_name || t('invitePage.aCompany');
  const companyRole = t(`common:roles.${preview.company_role}.name`, { defaultValue: preview.company_role });
  return (
    <>
      <PeopleTeamRegular className={styles.icon} aria-hidden />
      <Text className={styles.eyebrow}>{t('invitePage.title')}</Text>
      <h1 className={styles.title} data-testid="invite-heading">
        {t('invitePage.heading', { company })}
      </h1>
      <p className={styles.body} data-testid="invite-body">
        {t(`invitePage.body.${preview.role}`, { company, companyRole })}
      </p>
      <Text className={styles.muted}>{t(`invitePage.roleHelp.${preview.role}`)}</Text>
      <Text className={styles.muted}>{t('invitePage.expires', { date: format.dateTime(preview.expires_at) })}</Text>
      {view === 'signIn' && <Text className={styles.muted}>{t('invitePage.signInHint')}</Text>}
      {view === 'inCompany' && (
        <MessageBar intent="warning" layout="multiline" data-testid="invite-in-company">
          <MessageBarBody>
            <MessageBarTitle>{t('invitePage.inCompany.title')}</MessageBarTitle>
            {t('invitePage.inCompany.body')}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
