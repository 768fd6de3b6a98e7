import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { releaseOnPageClose } from '@/api/sessions';
import { endSession } from '../lib/end-session';
import { useSessionStore } from '../stores/session-store';

/**
 * Whether the studio was left when /home unmounted: the page is elsewhere now. /home also unmounts while the sign-in
 * is re-checked (the guard shows its spinner) and under StrictMode's double mount; neither leaves /home.
 */
export function leftStudio(pathname: string): boolean {
  return pathname !== paths.home;
}

/**
 * Gives the engine back when the user leaves the studio, so that the next user need not wait for the expiry:
 * - leaving /home for another page of the app releases the session at once;
 * - the page going away (tab closed, or reloaded: a page cannot tell which) asks the server to release it after
 *   its grace period; a reload's first heartbeat (resume-studio.ts) keeps it, a closed tab sends none.
 */
export function useReleaseOnLeave(): void {
  useEffect(() => {
    const onPageHide = () => {
      const sessionId = useSessionStore.getState().sessionDetails?.sessionId;
      if (sessionId) void releaseOnPageClose(sessionId).catch(() => {});
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // The router has moved on by the time React unmounts the route; a tick later a remount would have happened.
      setTimeout(() => {
        if (leftStudio(window.location.pathname)) void endSession();
      }, 0);
    };
  }, []);
}
