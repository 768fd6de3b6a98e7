import { queryOptions } from '@tanstack/react-query';
import {
  API_ROUTES,
  lineStandingSchema,
  sessionPolicySchema,
  sessionResponseSchema,
  type LineStanding,
  type SessionResponse,
  type StreamQualityInput,
} from '@autostudio/protocol';
import { serverCall } from './server-call';

/**
 * Engine sessions (spec §7, reading two): each call answers `{success, message, sessionDetails}`, also when it
 * fails (a 404 for a session that is gone, a 503 when no engine is free), so those statuses are answers here.
 */

export const sessionKeys = {
  all: ['sessions'] as const,
  heartbeat: (sessionId: string) => [...sessionKeys.all, 'heartbeat', sessionId] as const,
  policy: () => [...sessionKeys.all, 'policy'] as const,
};

/** How long the studio may sit without input before it warns and gives its engine back: the server's to decide. */
export const sessionPolicyQuery = () =>
  queryOptions({
    queryKey: sessionKeys.policy(),
    queryFn: ({ signal }) => serverCall('get', API_ROUTES.sessions.policy, { schema: sessionPolicySchema, signal }),
    // A server setting: it changes with a restart, not while a page is open.
    staleTime: Infinity,
  });

export function requestAllocate(): Promise<SessionResponse> {
  return serverCall('post', API_ROUTES.sessions.requestAllocate, {
    schema: sessionResponseSchema,
    okStatuses: [503],
  });
}

export function sendHeartbeat(sessionId: string): Promise<SessionResponse> {
  return serverCall('post', API_ROUTES.sessions.sessionHeartbeat, {
    body: { sessionId },
    schema: sessionResponseSchema,
    okStatuses: [404],
  });
}

export function releaseSession(sessionId: string): Promise<SessionResponse> {
  return serverCall('post', API_ROUTES.sessions.sessionRelease, {
    body: { sessionId },
    schema: sessionResponseSchema,
    okStatuses: [404],
  });
}

/** Spec §7 reading one: the user's engine if it still answers, else a fresh one (another sessionId). */
export function reconnectSession(): Promise<SessionResponse> {
  return serverCall('post', API_ROUTES.sessions.reconnect, {
    body: {},
    schema: sessionResponseSchema,
    okStatuses: [404, 503],
  });
}

/**
 * The page is going away (closed, or reloading): the server releases the session after its grace period unless
 * the reloaded page's heartbeat comes first. Sent with keepalive, so that it is delivered after the page is gone.
 */
export function releaseOnPageClose(sessionId: string): Promise<SessionResponse> {
  return serverCall('post', API_ROUTES.sessions.release, {
    body: { sessionId, pageClosed: true },
    keepalive: true,
    handleUnauthorized: true,
    schema: sessionResponseSchema,
    okStatuses: [404],
  });
}

/** Every engine is in use: join the waiting line, or keep the place held (the server gives up one not asked for). */
export function keepLinePlace(signal?: AbortSignal): Promise<LineStanding> {
  return serverCall('post', API_ROUTES.sessions.line, { schema: lineStandingSchema, ...(signal ? { signal } : {}) });
}

/** Leaves the waiting line; with `keepalive` from a page going away. */
export function leaveLine({ keepalive = false } = {}): Promise<void> {
  return serverCall('delete', API_ROUTES.sessions.line, { keepalive, handleUnauthorized: keepalive });
}

/** What the player receives of the session's stream; the server keeps the latest for its metrics. */
export function reportStreamQuality(quality: StreamQualityInput): Promise<void> {
  return serverCall('post', API_ROUTES.sessions.streamQuality, { body: quality });
}
