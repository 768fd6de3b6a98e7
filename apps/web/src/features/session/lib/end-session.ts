import { releaseSession } from '@/api/sessions';
import { useSessionStore } from '../stores/session-store';

/** Gives the engine back (on sign-out), so the next user need not wait for the session to expire. */
export async function endSession(): Promise<void> {
  const sessionId = useSessionStore.getState().sessionDetails?.sessionId;
  useSessionStore.getState().clear();
  if (!sessionId) return;
  await releaseSession(sessionId).catch((error: unknown) => console.warn('session release failed', error));
}
