import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../shared/page/PageLoading';
import { fromLocation } from './redirect';
import { checkSessionOnce } from './startup';
import { useSession } from './useSession';

/** Signed-out visitors go to /signin, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, user } = useSession();
  const location = useLocation();
  useEffect(() => {
    void checkSessionOnce();
  }, []);
  if (!token) return <Navigate to="/signin" replace state={fromLocation(location)} />;
  // A token without a saved user: the start-up check is still fetching it.
  if (!user) return <PageLoading />;
  return children;
}
