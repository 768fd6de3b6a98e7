import { useEffect } from 'react';
import { TOKENS } from '@autostudio/protocol';
import { useAuthStore } from '../stores/auth-store';

/**
 * Spec §4: while authenticated the auth state is re-checked every 60 s, so that a user removed or demoted on the
 * server is signed out within a minute.
 */
export function useAuthRecheck(): void {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const recheck = useAuthStore((state) => state.recheck);

  useEffect(() => {
    if (!isAuthenticated) return;
    const timer = setInterval(() => void recheck(), TOKENS.refreshCheckMs);
    return () => clearInterval(timer);
  }, [isAuthenticated, recheck]);
}
