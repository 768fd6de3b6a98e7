import type { SystemOverview } from '@autostudio/protocol';
import { since } from '../lib/durations';
import { StateBadge } from './state-badge';
import { SystemTable } from './system-table';

type Engine = SystemOverview['engines'][number];

const STATES = {
  busy: { tone: 'active', label: 'Busy' },
  resetting: { tone: 'waiting', label: 'Resetting' },
  idle: { tone: 'good', label: 'Idle' },
} as const;

/** The streaming engines: which are lent and to whom, which are free, and how long each has run. */
export function EnginesTable({ engines, now }: { engines: Engine[]; now: number }) {
  return (
    <SystemTable
      label="Engines"
      rows={engines}
      rowKey={(engine) => engine.id}
      empty="No engine is running. Engines start when a user asks for one (ENGINE_MAX), or register themselves."
      columns={[
        {
          header: 'Engine',
          cell: (engine) => (
            <span className="flex flex-col leading-tight">
              <span className="font-medium">{engine.id}</span>
              <span className="font-mono text-[11px] text-muted-foreground">{engine.instanceId}</span>
            </span>
          ),
        },
        {
          header: 'State',
          cell: (engine) => <StateBadge tone={STATES[engine.state].tone}>{STATES[engine.state].label}</StateBadge>,
        },
        { header: 'Held by', cell: (engine) => engine.holder?.username ?? engine.holder?.userId ?? '—' },
        { header: 'Held for', numeric: true, cell: (engine) => since(engine.heldSince, now) },
        { header: 'Up for', numeric: true, cell: (engine) => since(engine.upSince, now) },
      ]}
    />
  );
}
