import { create } from 'zustand';
import {
  STATE_MESSAGES,
  TOKENS,
  type AuthStatus,
  type LoginRequest,
  type LoginResponse,
  type User,
} from '@autostudio/protocol';
import { ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-storage';
import * as authApi from '../api/auth-api';

export interface AuthState {
  status: AuthStatus;
  isAuthenticated: boolean;
  isLoading: boolean;
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds at which the access token expires. */
  tokenExpiry: number | null;
  user: User | null;
  error: string | null;

  /** Spec §4 login flow: verify the stored token, else refresh, else fail with "Authentication expired". */
  checkAuth: () => Promise<void>;
  loginWithCredentials: (credentials: LoginRequest) => Promise<void>;
  /** Single sign-on returns here with tokens in the URL. */
  loginWithTokens: (accessToken: string, refreshToken: string | null) => Promise<void>;
  /** Rotates the tokens; resolves to the new access token, or null (and signs out) when that fails. */
  refreshTokens: () => Promise<string | null>;
  logout: () => Promise<void>;
  /** Signs out locally after the server refused the session. */
  fail: (message: string) => void;
  /**
   * Spec §4's periodic re-check: a token close to expiry is refreshed; otherwise it is verified and the user read
   * again, and a refusal (a deleted user; changed roles end a sign-in on the server) signs out. A network blip is
   * not a refusal and changes nothing.
   */
  recheck: () => Promise<void>;
}

const cleared = {
  isAuthenticated: false,
  isLoading: false,
  accessToken: null,
  refreshToken: null,
  tokenExpiry: null,
  user: null,
} as const;

/** When a token expires, read from its own `exp` claim; the session keeps only the spec's three keys. */
function expiryOf(accessToken: string): number | null {
  try {
    const payload = accessToken.split('.')[1];
    if (!payload) return null;
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

let checking: Promise<void> | null = null;
let refreshing: Promise<string | null> | null = null;

export const useAuthStore = create<AuthState>()((set, get) => {
  const authenticated = (user: User, accessToken: string, refreshToken: string | null, expiresIn?: number) => {
    sessionStore.set('accessToken', accessToken);
    sessionStore.set('refreshToken', refreshToken);
    set({
      status: 'authenticated',
      isAuthenticated: true,
      isLoading: false,
      accessToken,
      refreshToken,
      tokenExpiry: expiresIn ? Date.now() + expiresIn * 1000 : expiryOf(accessToken),
      user,
      error: null,
    });
  };
  const fromLogin = (result: LoginResponse) =>
    authenticated(result.user, result.accessToken, result.refreshToken, result.expiresIn);
  const fail = (message: string) => {
    sessionStore.set('accessToken', null);
    sessionStore.set('refreshToken', null);
    set({ ...cleared, status: 'failed', error: message });
  };

  return {
    status: 'none',
    ...cleared,
    error: null,
    fail,

    checkAuth() {
      checking ??= (async () => {
        set({ status: 'checking', isLoading: true });
        const accessToken = sessionStore.get('accessToken');
        const refreshToken = sessionStore.get('refreshToken');
        if (!accessToken && !refreshToken) return fail(STATE_MESSAGES.noAuthToken);
        if (accessToken) {
          try {
            return authenticated(await authApi.verify(accessToken), accessToken, refreshToken);
          } catch {
            // Fall through to the refresh token.
          }
        }
        if (!refreshToken) return fail(STATE_MESSAGES.authenticationExpired);
        try {
          fromLogin(await authApi.refresh(refreshToken));
        } catch {
          fail(STATE_MESSAGES.authenticationExpired);
        }
      })().finally(() => {
        checking = null;
      });
      return checking;
    },

    async loginWithCredentials(credentials) {
      set({ status: 'checking', isLoading: true, error: null });
      try {
        fromLogin(await authApi.login(credentials));
      } catch (error) {
        fail(messageOf(error, STATE_MESSAGES.loginFailed));
        throw error;
      }
    },

    async loginWithTokens(accessToken, refreshToken) {
      set({ status: 'checking', isLoading: true, error: null });
      try {
        authenticated(await authApi.verify(accessToken), accessToken, refreshToken);
        return;
      } catch (error) {
        if (!refreshToken) {
          fail(messageOf(error, STATE_MESSAGES.authenticationFailed));
          throw error;
        }
      }
      // Spec §4 login flow, as for stored tokens: a token from the URL that no longer verifies (a slow return
      // from the provider) is replaced by a refresh, and only when that fails too is the sign-in over.
      try {
        fromLogin(await authApi.refresh(refreshToken));
      } catch {
        fail(STATE_MESSAGES.authenticationExpired);
        throw new Error(STATE_MESSAGES.authenticationExpired);
      }
    },

    refreshTokens() {
      refreshing ??= (async () => {
        const refreshToken = get().refreshToken ?? sessionStore.get('refreshToken');
        if (!refreshToken) {
          fail(STATE_MESSAGES.noRefreshToken);
          return null;
        }
        try {
          const result = await authApi.refresh(refreshToken);
          fromLogin(result);
          return result.accessToken;
        } catch {
          // Whatever the server's reason, what the user needs to know is that they must sign in again.
          fail(STATE_MESSAGES.sessionExpiredLoginAgain);
          return null;
        }
      })().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    async recheck() {
      const { accessToken, tokenExpiry } = get();
      if (!accessToken || isNearExpiry(tokenExpiry)) {
        await get().refreshTokens();
        return;
      }
      try {
        set({ user: await authApi.verify(accessToken) });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) fail(STATE_MESSAGES.sessionExpiredLoginAgain);
      }
    },

    async logout() {
      const refreshToken = get().refreshToken;
      sessionStore.set('accessToken', null);
      sessionStore.set('refreshToken', null);
      sessionStore.set('currentConfigId', null);
      set({ status: 'none', ...cleared, error: null });
      // Revoking on the server is best effort: the local sign-out has already happened.
      if (refreshToken) await authApi.logout(refreshToken).catch(() => undefined);
    },
  };
});

/**
 * Why a signed-in user was signed out without asking (a refused refresh, the 60 s re-check, expired tokens on
 * return): /login says so, where a visitor who was never signed in sees no message.
 */
export const SIGNED_OUT_REASONS: readonly string[] = [
  STATE_MESSAGES.sessionExpiredLoginAgain,
  STATE_MESSAGES.authenticationExpired,
];

/** The reason /login gives for the sign-out that brought the user there, or null. */
export function signedOutReason(state: Pick<AuthState, 'status' | 'error'>): string | null {
  return state.status === 'failed' && state.error && SIGNED_OUT_REASONS.includes(state.error) ? state.error : null;
}

/** True when the access token has less than the spec's five minutes left. */
export function isNearExpiry(tokenExpiry: number | null, now = Date.now()): boolean {
  return tokenExpiry !== null && tokenExpiry - now < TOKENS.nearExpiryMs;
}

/** True while the access token is valid with the spec's 10 s margin. */
export function hasValidToken(tokenExpiry: number | null, now = Date.now()): boolean {
  return tokenExpiry !== null && tokenExpiry - now > TOKENS.validityMarginMs;
}
