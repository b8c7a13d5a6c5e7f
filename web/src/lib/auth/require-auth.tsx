import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginHref } from '../paths';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { useSession } from './use-session';

/**
 * Guard for the signed-in routes (spec 2.1): full-screen "Caricamento…" while the session
 * loads, then either the page or /login with the origin kept in `redirectTo`, replacing the
 * history entry so Back does not bounce between the two.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { loading, session } = useSession();
  const location = useLocation();

  if (loading) return <LoadingScreen />;
  if (!session) {
    const origin = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginHref(origin)} replace />;
  }
  return children ?? <Outlet />;
}
