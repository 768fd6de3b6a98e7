import {
  Activity,
  Boxes,
  FolderOpen,
  Images,
  LayoutDashboard,
  SlidersHorizontal,
  UserRound,
  UsersRound,
  Wand2,
  type LucideIcon,
} from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { OverviewSection } from '@/features/admin/api/overview-api';

/** The console's pages, in the order the sidebar lists them; the admin home counts them in the same order. */
export const ADMIN_SECTIONS: readonly { section: OverviewSection; to: string; label: string; icon: LucideIcon }[] = [
  { section: 'users', to: paths.admin.users, label: 'Users', icon: UserRound },
  { section: 'groups', to: paths.admin.userGroups, label: 'Groups', icon: UsersRound },
  { section: 'presets', to: paths.admin.presets, label: 'Presets', icon: SlidersHorizontal },
  { section: 'configs', to: paths.admin.configs, label: 'Configurations', icon: FolderOpen },
  { section: 'assetModels', to: paths.admin.assetModels, label: 'Asset models', icon: Boxes },
  { section: 'renderedAssets', to: paths.admin.renderedAssets, label: 'Rendered assets', icon: Images },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] text-muted-foreground',
    'hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    isActive && 'bg-muted font-medium text-foreground',
  );

/** The admin console's frame: a sidebar of its pages, a way into the studio, and the page beside them. */
export function AdminLayout() {
  return (
    <div className="flex h-full min-h-0">
      <nav aria-label="Administration" className="flex w-52 shrink-0 flex-col gap-0.5 border-r border-border p-2">
        <NavLink to={paths.admin.root} end className={linkClass}>
          <LayoutDashboard className="size-4" aria-hidden />
          Overview
        </NavLink>
        <div className="my-1.5 border-t border-border" />
        {ADMIN_SECTIONS.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className={linkClass}>
            <Icon className="size-4" aria-hidden />
            {label}
          </NavLink>
        ))}
        <div className="my-1.5 border-t border-border" />
        <NavLink to={paths.admin.system} className={linkClass}>
          <Activity className="size-4" aria-hidden />
          System
        </NavLink>
        <Link
          to={paths.landing}
          className="mt-auto flex h-8 items-center gap-2.5 rounded-md border border-border px-2.5 text-[13px] hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Wand2 className="size-4 text-primary" aria-hidden />
          Open the studio
        </Link>
      </nav>
      <div className="min-w-0 flex-1 overflow-auto">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
