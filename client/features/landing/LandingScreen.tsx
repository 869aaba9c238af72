import { Navigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useSession } from '../../data/session';
import { BrowseSection, CallToAction } from './BrowseAndCta';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { RoleCards } from './RoleCards';
import { ServiceTiles } from './ServiceTiles';

/**
 * The landing page. Signed-in users go straight to the dashboard. The
 * page does not wait for the session: it shows at once, with a spinner in the header
 * where the login button will be until the session is known, so the first paint does
 * not queue behind a round trip to /api/users/me.
 */
export function LandingScreen() {
  const { session } = useSession();
  if (session.status === 'signedIn') return <Navigate to={PATHS.dashboard} replace />;
  return (
    <>
      <main className="landing-main">
        <Hero />
        <RoleCards />
        <ServiceTiles />
        <BrowseSection />
        <CallToAction />
      </main>
      <LandingFooter />
    </>
  );
}
