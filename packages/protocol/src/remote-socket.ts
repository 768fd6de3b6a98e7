import { z } from 'zod';
import { JSON_DEPTH_MESSAGE } from './json-depth.js';
import { API_BASE, API_ROUTES } from './routes.js';

/**
 * The remote-control socket of spec §7: JSON messages with `type` and `requestId`. The browser speaks it to
 * the server's relay at /api/remote; the relay forwards calls to the caller's engine over Unreal's Remote
 * Control HTTP API.
 */
export const REMOTE_SOCKET_PATH = `${API_BASE}${API_ROUTES.remote}`;

/** Largest message the relay reads; a Remote Control call is a few hundred bytes. */
export const REMOTE_SOCKET_MAX_MESSAGE_BYTES = 256 * 1024;
/** Messages a connection may send per second before the relay answers "rate limited" errors. */
export const REMOTE_SOCKET_MAX_MESSAGES_PER_SECOND = 100;
/**
 * A connection that has not authenticated this long after it opened is closed, so idle anonymous sockets cannot
 * pile up; the client gives up on `auth` after REMOTE_CONTROL.authTimeoutMs, the same time.
 */
export const REMOTE_SOCKET_AUTH_DEADLINE_MS = 10_000;
/** The close code for that: policy violation. */
export const REMOTE_SOCKET_AUTH_DEADLINE_CLOSE_CODE = 1008;

const requestId = z.string().min(1).max(100);
const instanceId = z.string().min(1).max(300);

export const remoteCallPayloadSchema = z.object({
  /** A Remote Control route, e.g. /remote/object/call. */
  url: z.string().min(1).max(2000),
  method: z.enum(['GET', 'PUT', 'POST', 'OPTIONS']).default('PUT'),
  body: z.unknown().optional(),
  instanceId,
});
export type RemoteCallPayload = z.infer<typeof remoteCallPayloadSchema>;

/** Messages the client sends. */
export const remoteClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), requestId: requestId.optional(), timestamp: z.number().optional() }),
  z.object({ type: z.literal('pong'), requestId: requestId.optional(), timestamp: z.number().optional() }),
  z.object({
    type: z.literal('auth'),
    requestId,
    payload: z.object({ token: z.string().min(1).max(5000), instanceId }),
  }),
  z.object({ type: z.literal('health_check'), requestId }),
  z.object({ type: z.literal('api_call'), requestId, payload: remoteCallPayloadSchema }),
  z.object({ type: z.literal('render_api_call'), requestId, payload: remoteCallPayloadSchema }),
]);
export type RemoteClientMessage = z.infer<typeof remoteClientMessageSchema>;

/** What an engine answered to a forwarded call. */
export const remoteCallResultSchema = z.object({ status: z.number().int(), body: z.unknown() });
export type RemoteCallResult = z.infer<typeof remoteCallResultSchema>;

/** Messages the relay sends. Answers carry the request's `requestId`. */
export const remoteServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong'), requestId: z.string().optional(), timestamp: z.number() }),
  z.object({ type: z.literal('ping'), timestamp: z.number() }),
  z.object({ type: z.literal('auth_success'), requestId: z.string(), payload: z.object({ instanceId: z.string() }) }),
  z.object({
    type: z.literal('auth_error'),
    requestId: z.string().optional(),
    payload: z.object({ message: z.string() }),
  }),
  z.object({
    type: z.literal('auth_required'),
    requestId: z.string().optional(),
    payload: z.object({ message: z.string() }),
  }),
  z.object({ type: z.literal('error'), requestId: z.string().optional(), payload: z.object({ message: z.string() }) }),
  z.object({
    type: z.literal('health_check'),
    requestId: z.string(),
    payload: z.object({ authenticated: z.boolean(), engineReachable: z.boolean() }),
  }),
  z.object({ type: z.literal('api_call'), requestId: z.string(), payload: remoteCallResultSchema }),
  z.object({ type: z.literal('render_api_call'), requestId: z.string(), payload: remoteCallResultSchema }),
]);
export type RemoteServerMessage = z.infer<typeof remoteServerMessageSchema>;

/** Texts the relay answers with, beside the spec's own (SOCKET_MESSAGES). */
export const RELAY_MESSAGES = {
  authRequired: 'Authentication required: send auth first',
  notYourInstance: 'That engine is not allocated to your session',
  noSession: 'You have no engine session',
  remoteRoutesOnly: 'Only Remote Control routes (/remote/…) can be called',
  malformed: 'The message is not valid JSON with a known type',
  tooLarge: 'The message is too large',
  tooDeep: `The message ${JSON_DEPTH_MESSAGE}`,
  authDeadline: 'Not authenticated in time: send auth as soon as the socket opens',
  rateLimited: 'Too many messages: slow down',
  engineUnreachable: 'The engine did not answer',
  signedOut: 'Signed out: sign in again',
  rendersNotForGuests: (name: string) =>
    `${name} renders, and a guest starts no render: renders are for users who may create rendered assets`,
  renderTooLarge: (name: string, limit: string) =>
    `${name} through the relay keeps the render service's limits: ${limit}. Larger renders go through the render queue.`,
  renderQueueOnly: (name: string) =>
    `${name} belongs to the render queue: production renders are started through the render service, which shares the engines fairly, not through the relay`,
} as const;

/** Close codes of the relay beside the WebSocket standard ones. */
export const RELAY_CLOSE = { signedOut: 4401 } as const;
