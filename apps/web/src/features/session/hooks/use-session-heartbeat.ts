import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SESSION, STATE_MESSAGES } from '@autostudio/protocol';
import { sendHeartbeat, sessionKeys } from '@/api/sessions';
import { useSessionStore } from '../stores/session-store';

/** True once `ms` have passed since `key` last changed to a non-null value. */
function useAfter(key: string | null, ms: number): boolean {
  const [due, setDue] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setDue(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return key !== null && due === key;
}

/**
 * Spec §4 and §9: while the session is Connected, a heartbeat every 30 s, the first one 2 s in. A heartbeat the
 * server refuses (or that cannot reach it) marks the session expired.
 */
export function useSessionHeartbeat(): void {
  const sessionId = useSessionStore((state) => state.sessionDetails?.sessionId ?? null);
  const connected = useSessionStore((state) => state.status === 'Connected');
  const failed = useSessionStore((state) => state.failed);
  const beating = useAfter(connected ? sessionId : null, SESSION.heartbeatStartDelayMs);

  const heartbeat = useQuery({
    queryKey: sessionKeys.heartbeat(sessionId ?? ''),
    queryFn: () => sendHeartbeat(sessionId ?? ''),
    enabled: beating,
    refetchInterval: SESSION.heartbeatMs,
    // The engine is held for this tab while it is open, also in the background.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    // Each beat is news: one is never answered from the cache.
    gcTime: 0,
  });

  const refused =
    heartbeat.data && !heartbeat.data.success ? heartbeat.data.message || STATE_MESSAGES.sessionExpired : null;
  const unreachable = heartbeat.isError;
  useEffect(() => {
    if (refused) failed(refused);
    else if (unreachable) failed(STATE_MESSAGES.sessionExpired);
  }, [failed, refused, unreachable]);
}
