import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ComponentErrorBoundary } from './errors/ErrorBox';
import { NavBar } from './nav/NavBar';
import { FullPageSpinner } from './ui/FullPageSpinner';

const useStyles = makeStyles({
  main: {
    maxInlineSize: '1100px',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalL,
  },
});

/** Signed-in pages: the navigation bar above the current screen. */
export function AppLayout() {
  const styles = useStyles();
  const location = useLocation();
  return (
    <>
      <NavBar />
      <main className={styles.main}>
        <ComponentErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </ComponentErrorBoundary>
      </main>
    </>
  );
}
