import { makeStyles } from '@fluentui/react-components';
import { Navigate } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { FullPageSpinner } from '../../app/ui/FullPageSpinner';
import { useSession } from '../../data/session';
import { BrowseSection, CallToAction } from './BrowseAndCta';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { RoleCards } from './RoleCards';
import { ServiceTiles } from './ServiceTiles';

const useStyles = makeStyles({ main: { display: 'block' } });

/** The landing page (SPEC section 2). Signed-in users go straight to the dashboard. */
export function LandingScreen() {
  const styles = useStyles();
  const { session } = useSession();
  if (session.status === 'signedIn') return <Navigate to={PATHS.dashboard} replace />;
  return (
    <>
      <LandingHeader />
      {session.status === 'loading' ? (
        <FullPageSpinner />
      ) : (
        <main className={styles.main}>
          <Hero />
          <RoleCards />
          <ServiceTiles />
          <BrowseSection />
          <CallToAction />
        </main>
      )}
      {session.status !== 'loading' && <LandingFooter />}
    </>
  );
}
