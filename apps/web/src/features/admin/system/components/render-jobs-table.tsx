import type { SystemOverview } from '@autostudio/protocol';
import { since } from '../lib/durations';
import { StateBadge } from './state-badge';
import { SystemTable } from './system-table';

type Job = SystemOverview['renderJobs'][number];

const KINDS: Record<Job['kind'], string> = {
  still: 'Still',
  video: 'Video',
  matrix: 'Variant matrix',
  turntable: 'Turntable',
  carModel: 'Car model',
  preview: 'Model preview',
  configStill: 'Configuration still',
};

/** A job's progress, 0–100 as the queue keeps it. */
function Progress({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <span className="flex items-center justify-end gap-2">
      <span
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-muted"
      >
        <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
      <span className="w-9 tabular-nums">{percent}%</span>
    </span>
  );
}

/** Render jobs waiting and rendering, oldest first: whose, what, how far, and how long they have waited or run. */
export function RenderJobsTable({ jobs, now }: { jobs: Job[]; now: number }) {
  return (
    <SystemTable
      label="Render queue"
      rows={jobs}
      rowKey={(job) => job.jobId}
      empty="Nothing is waiting or rendering."
      columns={[
        { header: 'Owner', cell: (job) => <span className="font-medium">{job.username ?? job.userId}</span> },
        { header: 'Kind', cell: (job) => KINDS[job.kind] },
        {
          header: 'State',
          cell: (job) =>
            job.status === 'in progress' ? (
              <StateBadge tone="active">Rendering</StateBadge>
            ) : (
              <StateBadge tone="waiting">Waiting</StateBadge>
            ),
        },
        {
          header: 'Progress',
          numeric: true,
          cell: (job) => (
            <Progress value={job.progress} label={`${KINDS[job.kind]} of ${job.username ?? job.userId}`} />
          ),
        },
        {
          header: 'Message',
          cell: (job) => (
            <span className="block max-w-72 truncate text-muted-foreground" title={job.message}>
              {job.message}
            </span>
          ),
        },
        // Until a worker took it, or until now for one still waiting.
        {
          header: 'Waited',
          numeric: true,
          cell: (job) => since(job.createdAt, job.startedAt === null ? now : Date.parse(job.startedAt)),
        },
        { header: 'Running', numeric: true, cell: (job) => since(job.startedAt, now) },
      ]}
    />
  );
}
