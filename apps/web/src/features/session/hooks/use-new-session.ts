import { useCallback, useState } from 'react';
import { useSessionStore } from '../stores/session-store';
import { announceLoadFailure } from '../lib/load-failure';
import { loadProductWithOverlay } from './use-product-load';

export interface NewSession {
  /** A new session with the same product, from /home, behind the global loading overlay. */
  start: () => void;
  /**
   * The same, then `restore` puts the studio back as it was; `beforeLoad` runs just before the car loads (to tell
   * whoever re-applies things to a fresh car that this one is taken care of).
   */
  resume: (restore: () => Promise<void>, beforeLoad?: () => void) => void;
  busy: boolean;
}

/**
 * After the engine failed or the session ended, one click gets another engine and loads the same car in it, so that
 * the user stays in the studio. A failure says so in a toast and leaves the session in Error, the button still there.
 */
export function useNewSession(): NewSession {
  const [busy, setBusy] = useState(false);
  const resume = useCallback((restore: () => Promise<void>, beforeLoad?: () => void) => {
    const product = useSessionStore.getState().product;
    if (!product) return;
    setBusy(true);
    beforeLoad?.();
    loadProductWithOverlay(product, 'Starting a new session')
      .then(restore)
      .then(
        () => setBusy(false),
        (error: unknown) => {
          setBusy(false);
          console.error('a new session failed', error);
          announceLoadFailure(error);
        },
      );
  }, []);
  const start = useCallback(() => resume(() => Promise.resolve()), [resume]);
  return { start, resume, busy };
}
