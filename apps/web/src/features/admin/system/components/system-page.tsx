import { useQuery } from '@tanstack/react-query';
import type { SystemOverview } from '@autostudio/protocol';
import { useEffect, useState } from 'react';
import { SYSTEM_REFRESH_MS, systemOverviewQuery } from '@/api/system';
import { RefreshCw } from 'lucide-react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Panel } from '@/features/admin/components/admin-panel';
import { EngineLinePanel } from '@/features/admin/components/engine-line-panel';
import { useEngineLine } from '@/features/admin/api/engine-line-api';
import { cn } from '@/lib/cn';
import { EnginesTable } from './engines-table';
import { ProcessesTable } from './processes-table';
import { RenderJobsTable } from './render-jobs-table';
import { SessionsTable } from './sessions-table';

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** The time, once a second: the "for" and "ago" columns count on between two answers. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whether the figures are current: a green dot while answers come, red (with why) once they stop. */
function LiveStatus({ updatedAt, error }: { updatedAt: number; error: Error | null }) {
  const live = error === null && updatedAt > 0;
  return (
    <p role="status" className="flex shrink-0 items-center gap-2 text-xs whitespace-nowrap text-muted-foreground">
      <span aria-hidden className={cn('size-2 rounded-full', live ? 'animate-pulse bg-success' : 'bg-destructive')} />
      {error
        ? `Not updating: ${error.message}`
        : updatedAt > 0
          ? `Live · updated ${clock.format(updatedAt)}`
          : 'Connecting…'}
    </p>
  );
}

function Tile({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div
      role="group"
      aria-label={`${label}: ${value}`}
      className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-3"
    >
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      <span className="truncate text-xs text-muted-foreground">{detail}</span>
    </div>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The figures an administrator reads first, each the same number /metrics exports. */
function Summary({ overview, waiting }: { overview: SystemOverview; waiting: number | undefined }) {
  const engines = (state: SystemOverview['engines'][number]['state']) =>
    overview.engines.filter((engine) => engine.state === state).length;
  const rendering = overview.renderJobs.filter((job) => job.status === 'in progress').length;
  const servers = overview.processes.filter((process) => process.role === 'server').length;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
      <Tile
        label="Engines busy"
        value={`${engines('busy')} of ${overview.engines.length}`}
        detail={[
          `${engines('idle')} idle`,
          `${engines('resetting')} resetting`,
          overview.enginesStarting > 0 ? `${overview.enginesStarting} starting` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      />
      <Tile label="Live sessions" value={String(overview.sessions.length)} detail="streaming to a viewer now" />
      <Tile
        label="Waiting for an engine"
        value={waiting === undefined ? '·' : String(waiting)}
        detail="in the engine line"
      />
      <Tile
        label="Render queue"
        value={String(overview.renderJobs.length)}
        detail={`${rendering} rendering · ${overview.renderJobs.length - rendering} waiting`}
      />
      <Tile
        label="Processes"
        value={String(overview.processes.length)}
        detail={`${count(servers, 'server')} · ${count(overview.processes.length - servers, 'render worker')}`}
      />
    </div>
  );
}

/**
 * The administrators' System page (/admin/system): engines, live sessions and their stream quality, the waiting
 * line, the render queue and the processes on this database, asked again every two seconds.
 */
export function SystemPage() {
  const system = useQuery(systemOverviewQuery());
  const line = useEngineLine();
  const now = useNow();
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-6 py-6">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-lg font-semibold tracking-tight">System</h1>
          <p className="text-[13px] text-muted-foreground">
            What the studio runs now: engines, sessions and their streams, the waiting line, renders and processes.
            Refreshed every {SYSTEM_REFRESH_MS / 1000} s; the same figures are at /metrics for Prometheus.
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <LiveStatus updatedAt={system.dataUpdatedAt} error={system.isError ? system.error : null} />
          <Button variant="secondary" size="sm" onClick={() => void system.refetch()}>
            <RefreshCw aria-hidden />
            Refresh now
          </Button>
        </div>
      </header>
      {system.isPending && <Spinner label="Loading the system overview" />}
      {system.isError && system.data === undefined && <ErrorAlert>{system.error.message}</ErrorAlert>}
      {system.data && (
        <>
          <Summary overview={system.data} waiting={line.data?.waiting.length} />
          <Panel title="Engines">
            <EnginesTable engines={system.data.engines} now={now} />
          </Panel>
          <Panel title="Live sessions">
            <SessionsTable sessions={system.data.sessions} now={now} />
          </Panel>
          <Panel title="Render queue">
            <RenderJobsTable jobs={system.data.renderJobs} now={now} />
          </Panel>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <EngineLinePanel />
            <Panel title="Processes">
              <ProcessesTable processes={system.data.processes} now={now} />
            </Panel>
          </div>
        </>
      )}
    </main>
  );
}
