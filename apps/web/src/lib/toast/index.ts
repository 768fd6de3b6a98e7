import { useSyncExternalStore } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one module that reaches sonner's toast, and only for its type
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;
type SonnerToast = Sonner['toast'];

/*
 * Toasts without sonner in the first load. Its code (9.2 kB gzipped) loads when the first toast is raised, and the
 * Toaster mounts from then on: a user who signs in and opens the studio without a failure never fetches it (the
 * /home budget, apps/web/bundle-budgets.json). Sonner keeps toasts raised before its Toaster subscribes and shows
 * them once it does, so nothing raised while the code loads is lost; calls run in the order they were made.
 */
let sonner: Promise<Sonner> | null = null;
const raisedListeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of raisedListeners) listener();
  }
  return sonner;
}

export const toast = {
  success: (...args: Parameters<SonnerToast['success']>): void => {
    void loadSonner().then((loaded) => loaded.toast.success(...args));
  },
  error: (...args: Parameters<SonnerToast['error']>): void => {
    void loadSonner().then((loaded) => loaded.toast.error(...args));
  },
  info: (...args: Parameters<SonnerToast['info']>): void => {
    void loadSonner().then((loaded) => loaded.toast.info(...args));
  },
  /** Dismisses one toast, or all of them; nothing to do before the first was raised. */
  dismiss: (id?: string | number): void => {
    void sonner?.then((loaded) => loaded.toast.dismiss(id));
  },
};

function subscribeRaised(listener: () => void): () => void {
  raisedListeners.add(listener);
  return () => raisedListeners.delete(listener);
}

/** Whether a toast has been raised yet in this page: the Toaster is mounted from then on. */
export function useToastRaised(): boolean {
  return useSyncExternalStore(subscribeRaised, () => sonner !== null);
}
