import { Database, HardDrive, ImageOff, Server, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useHealth } from '@/features/admin/api/health-api';
import { useOverview } from '@/features/admin/api/overview-api';
import { useRenderQueue } from '@/features/admin/api/render-queue-api';
import { cn } from '@/lib/cn';
import { ADMIN_SECTIONS } from './admin-layout';
import { Panel } from './admin-panel';
import { EngineLinePanel } from './engine-line-panel';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StatusRow({ icon, name, ok, detail }: { icon: ReactNode; name: string; ok: boolean; detail: string }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <span className="text-muted-foreground">{icon}</span>
      <span className="w-20 font-medium">{name}</span>
      <span
        role="img"
        className={cn('size-2 shrink-0 rounded-full', ok ? 'bg-success' : 'bg-destructive')}
        aria-label={ok ? 'healthy' : 'failing'}
      />
      <span className="min-w-0 text-muted-foreground">{detail}</span>
    </li>
  );
}

function Thumb({ url, icon: Icon = ImageOff }: { url: string | null; icon?: typeof ImageOff }) {
  return (
    <span className="flex aspect-video w-20 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
      {url ? (
        <img src={url} alt="" className="size-full object-cover" loading="lazy" />
      ) : (
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      )}
    </span>
  );
}

function RecentList({
  items,
  isPending,
  isError,
  empty,
}: {
  items: { id: string; name: string; image: string | null; detail: string }[] | undefined;
  isPending: boolean;
  isError: boolean;
  empty: string;
}) {
  if (isPending) return <Spinner label="Loading" />;
  if (isError) return <p className="text-[13px] text-destructive">Could not be loaded.</p>;
  if (!items?.length) return <p className="py-4 text-center text-[13px] text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3">
          <Thumb url={item.image} />
          <span className="min-w-0">
            <span className="block truncate text-[13px] font-medium">{item.name}</span>
            <span className="block truncate text-xs text-muted-foreground">{item.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function SectionCount({ section, to, label, icon: Icon }: (typeof ADMIN_SECTIONS)[number]) {
  const overview = useOverview(section);
  return (
    <Link
      to={to}
      aria-label={`${label}: ${overview.data?.total ?? 'loading'}`}
      className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3 hover:border-primary/60 hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="flex items-center gap-2 text-xs text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        {label}
      </span>
      <span
        className="text-2xl font-semibold tabular-nums"
        aria-label={`${label}: ${overview.data?.total ?? 'loading'}`}
      >
        {overview.data ? overview.data.total : overview.isError ? '–' : '·'}
      </span>
    </Link>
  );
}

/** Who holds the render queue: per user the jobs waiting and rendering, most first, and the limits it keeps. */
function RenderQueuePanel() {
  const queue = useRenderQueue();
  return (
    <Panel title="Render queue">
      {queue.isPending && <Spinner label="Loading the render queue" />}
      {queue.isError && <ErrorAlert>{queue.error.message}</ErrorAlert>}
      {queue.data && (
        <div className="flex flex-col gap-2 p-3 text-[13px]">
          {queue.data.users.length === 0 ? (
            <p className="text-muted-foreground">Nothing is waiting or rendering.</p>
          ) : (
            <table className="w-full text-left">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="font-medium">User</th>
                  <th className="font-medium">Waiting</th>
                  <th className="font-medium">Rendering</th>
                  <th className="font-medium">Oldest waiting since</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.users.map((holder) => (
                  <tr key={holder.userId}>
                    <td>{holder.username ?? holder.userId}</td>
                    <td>{holder.queued}</td>
                    <td>{holder.running}</td>
                    <td>{holder.oldestQueuedAt ? when(holder.oldestQueuedAt) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="text-muted-foreground">
            Each user may have {queue.data.limits.queuedPerUser} jobs waiting and {queue.data.limits.runningPerUser}{' '}
            rendering.
          </p>
        </div>
      )}
    </Panel>
  );
}

/** The admin console's home: how much there is of everything, what changed lately, and the system's health. */
export function AdminHome() {
  const health = useHealth();
  const configs = useOverview('configs');
  const renders = useOverview('renderedAssets');
  const models = useOverview('assetModels');
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-6 py-6">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-lg font-semibold tracking-tight">Administration</h1>
          <p className="text-[13px] text-muted-foreground">
            Users, groups, presets, configurations, models and renders.
          </p>
        </div>
        <Button asChild>
          <Link to={paths.landing}>
            <Wand2 aria-hidden />
            Open the studio
          </Link>
        </Button>
      </header>

      <nav aria-label="Counts" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {ADMIN_SECTIONS.map((section) => (
          <SectionCount key={section.section} {...section} />
        ))}
      </nav>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel title="Recent configurations" to={paths.admin.configs}>
          <RecentList
            isPending={configs.isPending}
            isError={configs.isError}
            empty="No configurations saved yet."
            items={configs.data?.items.map((config) => ({
              id: config.id,
              name: config.name,
              image: config.imageUrl,
              detail: when(config.updatedAt),
            }))}
          />
        </Panel>
        <Panel title="Recent renders" to={paths.admin.renderedAssets}>
          <RecentList
            isPending={renders.isPending}
            isError={renders.isError}
            empty="No renders yet."
            items={renders.data?.items.map((render) => ({
              id: render.id,
              name: render.name,
              image: render.thumbnailUrl,
              detail: `${render.type || 'Render'} · ${when(render.createdAt)}`,
            }))}
          />
        </Panel>
        <Panel title="Asset models" to={paths.admin.assetModels}>
          <RecentList
            isPending={models.isPending}
            isError={models.isError}
            empty="No asset models yet."
            items={models.data?.items.map((model) => ({
              id: model.id,
              name: model.name,
              image: model.previewUrl,
              detail: [`v${model.version}`, model.brand, model.category].filter(Boolean).join(' · '),
            }))}
          />
        </Panel>
      </div>

      <Panel title="System status" to={paths.admin.system} linkLabel="Open the System page">
        {health.isPending && <Spinner label="Loading system status" />}
        {health.isError && <ErrorAlert>{health.error.message}</ErrorAlert>}
        {health.data && (
          <ul className="grid grid-cols-1 divide-border md:grid-cols-3 md:divide-x [&>li]:md:px-3">
            <StatusRow
              icon={<Database className="size-4" />}
              name="Database"
              ok={health.data.database.ok}
              detail={`${health.data.database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · ${health.data.database.detail}`}
            />
            <StatusRow
              icon={<HardDrive className="size-4" />}
              name="Storage"
              ok={health.data.storage.ok}
              detail={`${health.data.storage.driver === 'local' ? 'Local folder' : 'S3'} · ${health.data.storage.detail}`}
            />
            <StatusRow
              icon={<Server className="size-4" />}
              name="Engines"
              ok={health.data.engines.ok}
              detail={`${health.data.engines.running} of ${health.data.engines.max} running · ${health.data.engines.provider} provider`}
            />
          </ul>
        )}
      </Panel>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <EngineLinePanel />
        <RenderQueuePanel />
      </div>
    </main>
  );
}
