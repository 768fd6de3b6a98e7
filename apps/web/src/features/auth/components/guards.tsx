import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isAdmin, type Role, type User } from '@autostudio/protocol';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthStore } from '../stores/auth-store';

/** Where a signed-in user belongs: administrators in the admin console, everyone else on the landing page. */
export function homeFor(user: User | null): string {
  return isAdmin(user) ? paths.admin.root : paths.landing;
}

/**
 * Whether a user meets a route's role. `user` is what every signed-in page asks for, and every role meets it:
 * guests and moderators use the product too (what they may change is checked by the server). Administrators
 * meet every requirement.
 */
export function meetsRole(user: User | null, role: Role): boolean {
  if (!user) return false;
  if (isAdmin(user) || role === 'user') return true;
  return user.roles.includes(role);
}

/** Starts the authentication check once when nobody has started it yet. */
function useAuthCheck(): void {
  const status = useAuthStore((state) => state.status);
  const checkAuth = useAuthStore((state) => state.checkAuth);
  useEffect(() => {
    if (status === 'none') void checkAuth();
  }, [status, checkAuth]);
}

/** The start screen at `/` (spec §2): a spinner that sends each visitor where they belong. */
export function StartScreen() {
  useAuthCheck();
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  if (status === 'authenticated') return <Navigate to={homeFor(user)} replace />;
  if (status === 'failed') return <Navigate to={paths.login} replace />;
  return <PageSpinner label="Checking your sign-in" />;
}

/** Guards a group of routes (spec §2 guard rules). */
export function RequireAuth({ requiredRole = 'user', children }: { requiredRole?: Role; children?: ReactNode }) {
  useAuthCheck();
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  if (status === 'failed') return <Navigate to={paths.login} replace />;
  if (status !== 'authenticated') return <PageSpinner label="Checking your sign-in" />;
  if (!meetsRole(user, requiredRole)) return <Navigate to={paths.landing} replace />;
  return children ?? <Outlet />;
}
