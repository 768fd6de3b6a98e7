import { inject } from 'vitest';
import { API_BASE, API_ROUTES, type LoginResponse, type Role, type SessionResponse } from '@autostudio/protocol';
import { TEST_ADMIN_PASSWORD } from './global-server';

export { pointApiClientAt } from './api-client-hooks';

export const ADMIN = { username: 'admin', password: TEST_ADMIN_PASSWORD };

/** The real server that the global setup started for this test run. */
export const serverOrigin = (): string => inject('serverOrigin');

/** Holds engines' model downloads at their middle until released (see global-server.ts). */
export async function holdDownloads(hold: boolean): Promise<void> {
  await fetch(`${inject('gateOrigin')}/gate/${hold ? 'hold' : 'release'}`, { method: 'POST' });
}

export async function login(username: string, password: string): Promise<LoginResponse> {
  const response = await fetch(`${serverOrigin()}${API_BASE}${API_ROUTES.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as LoginResponse;
}

let sequence = 0;

/** Creates a user with a name unique to this run, as the administrator would. */
export async function createUser(
  prefix: string,
  roles: Role[] = ['user'],
): Promise<{ username: string; password: string }> {
  const admin = await login(ADMIN.username, ADMIN.password);
  sequence += 1;
  const account = { username: `${prefix}-${Date.now().toString(36)}-${sequence}`, password: `${prefix}-password` };
  const response = await fetch(`${serverOrigin()}${API_BASE}${API_ROUTES.users.create}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
    body: JSON.stringify({ ...account, roles }),
  });
  if (response.status !== 201) throw new Error(`create user failed: ${response.status} ${await response.text()}`);
  return account;
}

/**
 * An engine session for the user (GET sessions/allocate). The run's server has three engines for all the files that
 * run at once: a file gives its session back with releaseSession when it is done, or the next ones find none free.
 */
export async function allocateSession(token: string): Promise<SessionResponse> {
  const response = await fetch(`${serverOrigin()}${API_BASE}${API_ROUTES.sessions.allocate}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as SessionResponse;
}

export async function releaseSession(token: string, sessionId: string): Promise<void> {
  await fetch(`${serverOrigin()}${API_BASE}${API_ROUTES.sessions.sessionRelease}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ sessionId }),
  });
}
