import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_CALLBACK_DELAY_MS } from '../../../shared/constants';
import { PATHS } from '../../paths';
import { ApiError } from '../../data/api';
import { exchangeLoginCode } from '../../data/api/auth';
import { takeReturnPath } from '../../data/returnPath';
import { useSession } from '../../data/session';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    paddingBlock: '20vh',
    paddingInline: tokens.spacingHorizontalXL,
  },
});

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * /auth/callback: exchanges the one-time code for a session, waits
 * 1 s, then goes to / without a user, the page that started sign-in when it asked to be
 * returned to (an invite link: data/returnPath.ts), /dashboard with a profile, /setup
 * otherwise.
 * Without a code, or when the exchange fails and no one is signed in, it says so and
 * offers the way home instead of silently bouncing (the spec only logs these).
 */
export function AuthCallbackScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['account', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code is single use: never send it twice (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    if (!code) {
      setFailure(t('callback.noCode'));
      void refresh(); // the session provider leaves loading the session to this screen
      return;
    }
    void (async () => {
      let exchangeError: ApiError | null = null;
      try {
        await exchangeLoginCode(code);
      } catch (error) {
        console.warn('login code exchange failed', error);
        exchangeError = error instanceof ApiError ? error : null;
      }
      await wait(AUTH_CALLBACK_DELAY_MS);
      const session = await refresh();
      const returnTo = takeReturnPath();
      if (session.status !== 'signedIn') {
        if (exchangeError) setFailure(exchangeError.message);
        else void navigate(PATHS.home, { replace: true });
        return;
      }
      if (returnTo) {
        void navigate(returnTo, { replace: true });
        return;
      }
      // The session answer carries the profile, null before setup: asking /api/profiles/me
      // as well only added a request that answers 404 to every new account.
      void navigate(session.profile ? PATHS.dashboard : PATHS.setup, { replace: true });
    })();
  }, [params, navigate, refresh, t]);

  return (
    <main className={styles.root}>
      {failure ? (
        <>
          <MessageBar intent="error" layout="multiline" role="alert" data-testid="callback-error">
            <MessageBarBody>
              {/* The page's heading: this message is all the page says. */}
              <MessageBarTitle role="heading" aria-level={1}>
                {t('callback.failedTitle')}
              </MessageBarTitle>
              {failure}
            </MessageBarBody>
          </MessageBar>
          <Button appearance="primary" onClick={() => navigate(PATHS.home, { replace: true })}>
            {t('common:actions.backHome')}
          </Button>
        </>
      ) : (
        <Spinner size="large" label={t('callback.signingIn')} labelPosition="below" />
      )}
    </main>
  );
}
