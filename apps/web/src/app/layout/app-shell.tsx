import { LogOut, UserRound } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { isAdmin } from '@autostudio/protocol';
import { BrandMark } from '@/components/layout/brand-mark';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth';

/** The frame around every signed-in page: a slim top bar and the page below it. */
export function AppShell() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();

  const signOut = async () => {
    // The engine goes back while the token still works. The session feature (its relay client and stores) loads
    // with the pages that start a session, never with the sign-in screen that this shell's code ships beside.
    const { endSession } = await import('@/features/session');
    await endSession();
    await logout();
    await navigate(paths.login, { replace: true });
  };

  return (
    <div className="flex h-full flex-col">
      <header className="flex h-11 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <Link
          to={isAdmin(user) ? paths.admin.root : paths.landing}
          className="flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <BrandMark />
          Autostudio
        </Link>
        {isAdmin(user) && (
          <span className="rounded border border-border px-1.5 py-px text-[11px] text-muted-foreground">Admin</span>
        )}
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <span className="flex items-center gap-1.5 text-muted-foreground" data-testid="current-user">
            <UserRound className="size-4" aria-hidden />
            {user?.name}
          </span>
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            <LogOut aria-hidden />
            Sign out
          </Button>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
