import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../data/session';
import { PATHS } from '../paths';
import { FullPageSpinner } from './ui/FullPageSpinner';

/**
 * Signed-in routes: a spinner while the session loads, `/` when signed out,
 * and `/setup` until the profile exists.
 */
export function ProtectedRoute() {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (session.status === 'signedOut') return <Navigate to={PATHS.home} replace />;
  if (!session.profile && location.pathname !== PATHS.setup) return <Navigate to={PATHS.setup} replace />;
  return <Outlet />;
}
