import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DataProvider } from '../data/local/DataProvider';
import { ComponentErrorBoundary } from '../ui/ErrorBox';
import { NavBar } from './nav/NavBar';
import { FirstSyncProgress } from './sync/FirstSyncProgress';
import { ReloadBanner } from './sync/ReloadBanner';
import { LiveBridge } from './live/LiveBridge';
import { useSession } from '../data/session';
import { FullPageSpinner } from './ui/FullPageSpinner';
import { SuspensionBanner } from '../features/profile/SuspensionBanner';

const useStyles = makeStyles({
  main: {
    maxInlineSize: '1100px',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalL,
  },
});

/** Signed-in pages: the local store and its sync around the navigation bar and the current screen. */
export function AppLayout() {
  const styles = useStyles();
  const location = useLocation();
  const { session } = useSession();
  return (
    <DataProvider>
      <NavBar />
      {/* The banners (a new version, the push offer, the first sync) are part of the page's
          main content: outside every landmark, a screen reader's landmark navigation skips them. */}
      <main className={styles.main}>
        <ReloadBanner />
        <SuspensionBanner />
        {session.status === 'signedIn' && (
          <Suspense fallback={null}>
            <LiveBridge userId={session.user.id} />
          </Suspense>
        )}
        <FirstSyncProgress />
        <ComponentErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </ComponentErrorBoundary>
      </main>
    </DataProvider>
  );
}
