import type { SessionStatus as Status } from '@autostudio/protocol';
import { cn } from '@/lib/cn';
import { useSessionStore } from '../stores/session-store';

const DOT: Record<Status, string> = {
  Connected: 'bg-success',
  Loading: 'bg-primary animate-pulse',
  Disconnected: 'bg-muted-foreground',
  Error: 'bg-destructive',
};

/** The session's state in a word and a dot; the message says why when it went wrong. */
export function SessionStatusIndicator() {
  const status = useSessionStore((state) => state.status);
  const message = useSessionStore((state) => state.message);
  const instanceId = useSessionStore((state) => state.sessionDetails?.instanceId);
  return (
    <div
      role="status"
      aria-label="Session"
      data-testid="session-status"
      title={status === 'Error' ? message : instanceId ? `Engine ${instanceId}` : undefined}
      className="flex items-center gap-1.5 rounded border border-border bg-surface-raised px-2 py-0.5 text-[12px]"
    >
      <span className={cn('size-1.5 rounded-full', DOT[status])} aria-hidden />
      <span>{status}</span>
      {status === 'Error' && message && <span className="max-w-64 truncate text-muted-foreground">{message}</span>}
    </div>
  );
}
