import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../data/session';
import { PATHS } from '../paths';
import { driverMayOpen, isDriver } from './nav/navItems';
import { FullPageSpinner } from './ui/FullPageSpinner';
import type { SetupReturn } from '../features/setup/setupReturn';

/**
 * Signed-in routes: a spinner while the session loads, `/` when signed out,
 * `/setup` until the profile exists, and a driver's jobs for any page that is not a
 * driver's (the dashboard included: a driver's home is their jobs).
 */
export function ProtectedRoute() {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (session.status === 'signedOut') return <Navigate to={PATHS.home} replace />;
  if (!session.profile && location.pathname !== PATHS.setup) {
    // Where the person was going: setupReturn.ts takes them on there if the server's
    // answer has a profile after all.
    const state: SetupReturn = { from: location.pathname + location.search };
    return <Navigate to={PATHS.setup} replace state={state} />;
  }
  if (session.profile && isDriver(session.profile.role, session.user.member_role) && !driverMayOpen(location.pathname, session.user.is_admin)) {
    return <Navigate to={PATHS.jobs} replace />;
  }
  return <Outlet />;
}
