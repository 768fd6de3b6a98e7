import type { SystemOverview } from '@autostudio/protocol';
import { since } from '../lib/durations';
import { StateBadge } from './state-badge';
import { SystemTable } from './system-table';

type Process = SystemOverview['processes'][number];

/** Server copies and render workers on this database whose heartbeat came recently. */
export function ProcessesTable({ processes, now }: { processes: Process[]; now: number }) {
  return (
    <SystemTable
      label="Processes"
      rows={processes}
      rowKey={(process) => process.id}
      empty="No process has written a heartbeat lately."
      columns={[
        {
          header: 'Role',
          cell: (process) => (
            <StateBadge tone={process.role === 'server' ? 'good' : 'active'}>
              {process.role === 'server' ? 'Server' : 'Render worker'}
            </StateBadge>
          ),
        },
        {
          header: 'Host',
          cell: (process) => (
            <span className="font-mono text-xs">
              {process.host}
              <span className="text-muted-foreground"> · pid {process.pid}</span>
            </span>
          ),
        },
        { header: 'Version', cell: (process) => process.version },
        { header: 'Up for', numeric: true, cell: (process) => since(process.startedAt, now) },
        { header: 'Last seen', numeric: true, cell: (process) => `${since(process.lastSeenAt, now)} ago` },
      ]}
    />
  );
}
