import { useAuthStore } from '@/features/auth';
import { UsersPage } from '@/features/admin/users';

/**
 * The admin console's pages, in one lazily loaded part of the app: none of it ships with the studio or the sign-in
 * screen. The router takes each page from here.
 */
export { AdminHome, AdminLayout } from '@/features/admin';

/** The signed-in administrator; the admin guard has made sure there is one. */
function useMe() {
  const me = useAuthStore((state) => state.user);
  if (!me) throw new Error('The admin console needs a signed-in administrator');
  return me;
}

export function UsersRoute() {
  return <UsersPage me={useMe()} />;
}
