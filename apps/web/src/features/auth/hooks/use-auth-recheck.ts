import { useEffect } from 'react';
import { STATE_MESSAGES, TOKENS } from '@autostudio/protocol';
import { ApiError } from '@/lib/api-client';
import * as authApi from '../api/auth-api';
import { isNearExpiry, useAuthStore } from '../stores/auth-store';

/**
 * Spec §4: while authenticated the auth state is re-checked every 60 s. A token close to expiry is refreshed;
 * otherwise it is verified, so that a user removed or demoted on the server is signed out within a minute.
 */
export function useAuthRecheck(): void {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    if (!isAuthenticated) return;
    const timer = setInterval(() => {
      const { accessToken, tokenExpiry, refreshTokens, fail } = useAuthStore.getState();
      if (!accessToken || isNearExpiry(tokenExpiry)) {
        void refreshTokens();
        return;
      }
      authApi.verify(accessToken).then(
        (user) => useAuthStore.setState({ user }),
        (error: unknown) => {
          // A network blip is not a sign-out; only the server's refusal is.
          if (error instanceof ApiError && error.status === 401) fail(STATE_MESSAGES.sessionExpiredLoginAgain);
        },
      );
    }, TOKENS.refreshCheckMs);
    return () => clearInterval(timer);
  }, [isAuthenticated]);
}
