import { toast } from '@/lib/toast';
import { SOCKET_MESSAGES } from '@autostudio/protocol';
import { useEngineStore } from '@/lib/engine';
import { useSessionStore } from '../stores/session-store';

/**
 * The way back after the remote-control connection failed for good: connect the same client again (its attempts
 * start over), then read the engine again, since the panels may have missed changes while the relay was lost.
 */
export async function reconnectRemote(): Promise<void> {
  const remote = useSessionStore.getState().remote;
  if (!remote) return;
  try {
    await remote.connect();
  } catch (error) {
    console.error('reconnecting the remote control failed', error);
    toast.error(error instanceof Error && error.message ? error.message : SOCKET_MESSAGES.connectionFailed);
    return;
  }
  if (useEngineStore.getState().api) await useEngineStore.getState().hydrate();
}
