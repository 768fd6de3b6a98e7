import { useEffect } from 'react';
import { SESSION, STATE_MESSAGES } from '@autostudio/protocol';
import { sendHeartbeat } from '../api/sessions-api';
import { useSessionStore } from '../stores/session-store';

/**
 * Spec §4 and §9: while the session is Connected, a heartbeat every 30 s, the first one 2 s in. A heartbeat the
 * server refuses (or that cannot reach it) marks the session expired.
 */
export function useSessionHeartbeat(): void {
  const sessionId = useSessionStore((state) => state.sessionDetails?.sessionId ?? null);
  const status = useSessionStore((state) => state.status);

  useEffect(() => {
    if (!sessionId || status !== 'Connected') return;
    const beat = () => {
      sendHeartbeat(sessionId).then(
        (answer) => {
          if (!answer.success) useSessionStore.getState().failed(answer.message || STATE_MESSAGES.sessionExpired);
        },
        () => useSessionStore.getState().failed(STATE_MESSAGES.sessionExpired),
      );
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      beat();
      interval = setInterval(beat, SESSION.heartbeatMs);
    }, SESSION.heartbeatStartDelayMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [sessionId, status]);
}
