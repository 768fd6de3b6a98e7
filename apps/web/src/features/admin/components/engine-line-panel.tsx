import { ErrorAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useEngineLine } from '@/features/admin/api/engine-line-api';
import { Panel } from './admin-panel';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });

/** A length of time as the panel shows it: "4 min", "under a minute", "—" when unknown. */
function minutes(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 60_000) return 'under a minute';
  return `${Math.round(ms / 60_000)} min`;
}

/** How many engines are lent, and who waits for one, first in line first, with the wait each is told. */
export function EngineLinePanel() {
  const line = useEngineLine();
  return (
    <Panel title="Engine line">
      {line.isPending && <Spinner label="Loading the engine line" />}
      {line.isError && <ErrorAlert>{line.error.message}</ErrorAlert>}
      {line.data && (
        <div className="flex flex-col gap-2 text-[13px]">
          <p>
            <span className="font-semibold tabular-nums">
              {line.data.engines.inUse} of {line.data.engines.capacity}
            </span>{' '}
            engines in use · {line.data.waiting.length} waiting
          </p>
          {line.data.waiting.length === 0 ? (
            <p className="text-muted-foreground">Nobody is waiting for an engine.</p>
          ) : (
            <table className="w-full text-left">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="w-10 font-medium">#</th>
                  <th className="font-medium">User</th>
                  <th className="font-medium">Waiting since</th>
                  <th className="font-medium">Estimated wait</th>
                </tr>
              </thead>
              <tbody>
                {line.data.waiting.map((entry) => (
                  <tr key={entry.userId}>
                    <td className="tabular-nums">{entry.place}</td>
                    <td>{entry.username ?? entry.userId}</td>
                    <td className="tabular-nums">{time(entry.joinedAt)}</td>
                    <td>{minutes(entry.estimatedWaitMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="text-muted-foreground">
            {line.data.typicalSessionMs === null
              ? 'No session has ended yet: waits are estimated once one has.'
              : `A session lasts ${minutes(line.data.typicalSessionMs)} here, by the latest ones; the waits come from it.`}
          </p>
        </div>
      )}
    </Panel>
  );
}
