import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { SOCKET_MESSAGES, type SessionStatus as Status } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { reconnectRemote } from '../lib/reconnect-remote';
import { useSessionStore, type SessionState } from '../stores/session-store';

/**
 * What the badge says: the session's status (spec §4), except that a Connected session whose remote-control
 * connection is lost says so with the connection's own state (reconnecting, failed), since its controls reach
 * nothing meanwhile.
 */
type BadgeState = Status | 'Reconnecting' | 'Failed';

export function badgeState(state: Pick<SessionState, 'status' | 'connection'>): BadgeState {
  if (state.status !== 'Connected') return state.status;
  if (state.connection === 'reconnecting') return 'Reconnecting';
  if (state.connection === 'failed') return 'Failed';
  return 'Connected';
}

const DOT: Record<BadgeState, string> = {
  Connected: 'bg-success',
  Loading: 'bg-primary animate-pulse',
  Reconnecting: 'bg-primary animate-pulse',
  Disconnected: 'bg-muted-foreground',
  Error: 'bg-destructive',
  Failed: 'bg-destructive',
};

/** The session's state in a word and a dot; the message says why when it went wrong, with a way back. */
export function SessionStatusIndicator() {
  const state = useSessionStore(badgeState);
  const message = useSessionStore((store) => store.message);
  const instanceId = useSessionStore((store) => store.sessionDetails?.instanceId);
  const [reconnecting, setReconnecting] = useState(false);
  const detail =
    state === 'Error'
      ? message
      : state === 'Failed'
        ? SOCKET_MESSAGES.connectionFailed
        : state === 'Reconnecting'
          ? 'Reaching the engine again…'
          : '';
  const reconnect = () => {
    setReconnecting(true);
    void reconnectRemote().finally(() => setReconnecting(false));
  };
  return (
    <div className="flex items-center gap-1.5">
      <div
        role="status"
        aria-label="Session"
        data-testid="session-status"
        data-state={state}
        title={detail || (instanceId ? `Engine ${instanceId}` : undefined)}
        className={cn(
          'flex items-center gap-1.5 rounded border bg-surface-raised px-2 py-0.5 text-[12px]',
          state === 'Failed'
            ? 'border-destructive/60'
            : state === 'Reconnecting'
              ? 'border-primary/60'
              : 'border-border',
        )}
      >
        <span className={cn('size-1.5 rounded-full', DOT[state])} aria-hidden />
        <span>{state}</span>
        {detail && <span className="max-w-64 truncate text-muted-foreground">{detail}</span>}
      </div>
      {state === 'Failed' && (
        <Button variant="secondary" size="sm" onClick={reconnect} disabled={reconnecting}>
          <RefreshCw aria-hidden className={cn(reconnecting && 'animate-spin')} />
          Reconnect
        </Button>
      )}
    </div>
  );
}
