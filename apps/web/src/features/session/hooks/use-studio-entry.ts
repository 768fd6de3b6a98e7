import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { STATE_MESSAGES } from '@autostudio/protocol';
import { resumeStudio } from '../lib/resume-studio';
import { recallStudio, type StudioMemory } from '../lib/studio-memory';
import { useSessionStore } from '../stores/session-store';

/**
 * How /home is entered:
 * - `studio`: a product is loaded (chosen on /landing, or back after a reload): show the studio;
 * - `resuming`: a reload, returning to the session the tab remembers (the global overlay shows it);
 * - `landing`: no product and nothing to return to, or the session is over: the user chooses one on /landing.
 */
export type StudioEntry = 'studio' | 'resuming' | 'landing';

/** Decides from the store and the tab's memory, before any request. */
export function studioEntry(hasProduct: boolean, memory: StudioMemory | null): StudioEntry {
  if (hasProduct) return 'studio';
  return memory ? 'resuming' : 'landing';
}

// One resume per page: StrictMode runs the effect twice, and a second heartbeat-and-reconnect would only race it.
let resuming: { sessionId: string; done: Promise<boolean> } | null = null;

function resumeOnce(memory: StudioMemory): Promise<boolean> {
  if (resuming?.sessionId !== memory.sessionId) {
    const done = resumeStudio(memory).finally(() => {
      resuming = null;
    });
    resuming = { sessionId: memory.sessionId, done };
  }
  return resuming.done;
}

/** /home's entry, resuming the remembered session after a reload instead of sending the user to /landing. */
export function useStudioEntry(): StudioEntry {
  const hasProduct = useSessionStore((state) => state.product !== null);
  const [memory] = useState(() => (hasProduct ? null : recallStudio()));
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (hasProduct || !memory) return;
    let current = true;
    resumeOnce(memory).then(
      (back) => {
        if (current && !back) setGaveUp(true);
      },
      () => {
        toast.error(STATE_MESSAGES.createSessionFailed);
        useSessionStore.getState().clear();
        if (current) setGaveUp(true);
      },
    );
    return () => {
      current = false;
    };
  }, [hasProduct, memory]);

  if (gaveUp) return 'landing';
  return studioEntry(hasProduct, memory);
}
