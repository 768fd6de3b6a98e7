import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  API_ROUTES,
  canCreate,
  RELAY_CLOSE,
  RELAY_MESSAGES,
  REMOTE_CONTROL,
  REMOTE_SOCKET_AUTH_DEADLINE_CLOSE_CODE,
  REMOTE_SOCKET_AUTH_DEADLINE_MS,
  REMOTE_SOCKET_MAX_MESSAGE_BYTES,
  REMOTE_SOCKET_MAX_MESSAGES_PER_SECOND,
  parseShallowJson,
  remoteClientMessageSchema,
  SOCKET,
  SOCKET_MESSAGES,
  type RemoteCallPayload,
  type RemoteServerMessage,
  type User,
} from '@autostudio/protocol';
import type { AuthService } from '../auth/auth.service.js';
import { revokes, type TokenRevocation } from '../auth/token-revocation.js';
import { engineAnswers } from '../engines/engine-pool.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { relayedRenderRefusal } from './relayed-renders.js';
import { remoteRoute } from './remote-url.js';

export interface RemoteRelayOptions {
  auth: AuthService;
  revocation: TokenRevocation;
  sessions: SessionsService;
  /** Close a socket not authenticated this long after it opened; REMOTE_SOCKET_AUTH_DEADLINE_MS unless a test says. */
  authDeadlineMs?: number | undefined;
  /** Told of each call that reached the engine: the engine's status (0: it did not answer) and the time it took. */
  onCall?: ((status: number, seconds: number) => void) | undefined;
}

/** Frames up to this size are read and refused politely; anything bigger closes the socket (ws maxPayload). */
export const RELAY_HARD_LIMIT_BYTES = 4 * REMOTE_SOCKET_MAX_MESSAGE_BYTES;

function requestIdOf(raw: string): string | undefined {
  const match = /"requestId"\s*:\s*"([^"]{1,100})"/.exec(raw);
  return match?.[1];
}

/** One connection's allowance: a token bucket refilled every second. */
/**
 * How long a socket trusts its last look at the caller's session. Ends on this server copy are pushed at once
 * (onSessionEnded); this bounds how late a session ended on another copy is noticed, and keeps a database query off
 * every call of a drag.
 */
const SESSION_RECHECK_MS = 1000;

class RateLimit {
  private tokens = REMOTE_SOCKET_MAX_MESSAGES_PER_SECOND;
  private last = Date.now();

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(
      REMOTE_SOCKET_MAX_MESSAGES_PER_SECOND,
      this.tokens + ((now - this.last) / 1000) * REMOTE_SOCKET_MAX_MESSAGES_PER_SECOND,
    );
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The remote-control relay (spec §7 "Remote-control socket"): an authenticated socket whose calls go, as HTTP,
 * to the caller's own engine and only to its /remote/ routes. The relay stays dumb: it checks who and where,
 * forwards, and answers with the engine's status and body.
 */
export const remoteRelayPlugin = fp<RemoteRelayOptions>(async (app: FastifyInstance, options) => {
  const { auth, revocation, sessions, authDeadlineMs = REMOTE_SOCKET_AUTH_DEADLINE_MS } = options;
  app.get(API_ROUTES.remote, { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    const log = request.log.child({ relay: true });
    const limit = new RateLimit();
    let user: User | null = null;
    let signInId: string | null = null;
    let instanceId: string | null = null;
    let alive = true;

    const send = (message: RemoteServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const error = (message: string, requestId?: string) => send({ type: 'error', requestId, payload: { message } });

    // Sockets whose peer vanished without a close are found by protocol-level pings.
    socket.on('pong', () => {
      alive = true;
    });
    const keepalive = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    }, SOCKET.heartbeatMs);
    // The caller's engine, checked against the database at most every SESSION_RECHECK_MS; a session that ends on
    // this server copy clears it at once, so a released engine is never reached from here again.
    let checked: { instanceId: string | null; at: number } | null = null;
    const stopListening = sessions.onSessionEnded((userId) => {
      if (user?.id === userId) checked = null;
    });
    // A sign-out, a detected refresh-token theft or an account change on this server copy closes the socket at
    // once; one on another copy is noticed at the next session recheck.
    const signedOut = () => socket.close(RELAY_CLOSE.signedOut, RELAY_MESSAGES.signedOut);
    const stopRevocations = revocation.onRevoked((revoked) => {
      if (user && signInId && revokes(revoked, user.id, signInId)) signedOut();
    });
    const currentInstance = async (userId: string): Promise<string | null> => {
      if (checked && performance.now() - checked.at < SESSION_RECHECK_MS) return checked.instanceId;
      if (signInId && !(await revocation.isLive(signInId))) {
        signedOut();
        return null;
      }
      const found = await sessions.instanceFor(userId);
      checked = { instanceId: found, at: performance.now() };
      return found;
    };
    // Until `auth` succeeds a socket costs the server and gives nothing: it gets a deadline, not forever.
    const authDeadline = setTimeout(() => {
      if (!user) socket.close(REMOTE_SOCKET_AUTH_DEADLINE_CLOSE_CODE, RELAY_MESSAGES.authDeadline);
    }, authDeadlineMs);
    // Calls still at the engine when the socket closes are given up: the engine sees its client go and stops.
    const inFlight = new Set<AbortController>();
    socket.on('close', () => {
      for (const call of inFlight) call.abort();
      clearInterval(keepalive);
      clearTimeout(authDeadline);
      stopListening();
      stopRevocations();
    });

    const forward = async (payload: RemoteCallPayload): Promise<{ status: number; body: unknown }> => {
      const route = remoteRoute(payload.url);
      if (!route) throw new RelayRefusal(RELAY_MESSAGES.remoteRoutesOnly);
      const current = user ? await currentInstance(user.id) : null;
      if (!current || current !== instanceId || payload.instanceId !== current) {
        throw new RelayRefusal(RELAY_MESSAGES.notYourInstance);
      }
      const refusal = user
        ? relayedRenderRefusal(route, payload.body, { mayRender: canCreate(user, 'renderedAsset') })
        : null;
      if (refusal) throw new RelayRefusal(refusal);
      const hasBody = payload.body !== undefined && payload.method !== 'GET' && payload.method !== 'OPTIONS';
      const call = new AbortController();
      inFlight.add(call);
      let response: Response;
      let text: string;
      try {
        response = await fetch(`http://${current}${route}`, {
          method: payload.method,
          headers: hasBody ? { 'content-type': 'application/json' } : {},
          body: hasBody ? JSON.stringify(payload.body) : undefined,
          signal: AbortSignal.any([call.signal, AbortSignal.timeout(REMOTE_CONTROL.apiCallTimeoutMs)]),
        });
        text = await response.text();
      } catch {
        throw new RelayRefusal(RELAY_MESSAGES.engineUnreachable);
      } finally {
        inFlight.delete(call);
      }
      if (text.length === 0) return { status: response.status, body: null };
      // Unreal answers some routes with a non-JSON body; that text, like JSON too deep to send on, goes as it came.
      const json = parseShallowJson(text);
      return { status: response.status, body: json.ok ? json.value : text };
    };

    const handle = async (raw: string): Promise<void> => {
      if (!limit.take()) return error(RELAY_MESSAGES.rateLimited, requestIdOf(raw));
      if (Buffer.byteLength(raw) > REMOTE_SOCKET_MAX_MESSAGE_BYTES)
        return error(RELAY_MESSAGES.tooLarge, requestIdOf(raw));
      const json = parseShallowJson(raw);
      if (!json.ok) {
        return error(json.reason === 'depth' ? RELAY_MESSAGES.tooDeep : RELAY_MESSAGES.malformed, requestIdOf(raw));
      }
      const parsed = remoteClientMessageSchema.safeParse(json.value);
      if (!parsed.success) return error(RELAY_MESSAGES.malformed, requestIdOf(raw));
      const message = parsed.data;

      switch (message.type) {
        case 'ping':
          return send({ type: 'pong', requestId: message.requestId, timestamp: Date.now() });
        case 'pong':
          return;
        case 'auth': {
          const authenticated = await auth.authenticateSession(message.payload.token);
          if (!authenticated) {
            user = null;
            signInId = null;
            instanceId = null;
            return send({
              type: 'auth_error',
              requestId: message.requestId,
              payload: { message: SOCKET_MESSAGES.authenticationFailed },
            });
          }
          const allocated = await sessions.instanceFor(authenticated.user.id);
          if (!allocated || allocated !== message.payload.instanceId) {
            const reason = allocated ? RELAY_MESSAGES.notYourInstance : RELAY_MESSAGES.noSession;
            return send({
              type: 'auth_error',
              requestId: message.requestId,
              payload: { message: `${SOCKET_MESSAGES.authenticationFailed}: ${reason}` },
            });
          }
          user = authenticated.user;
          signInId = authenticated.familyId;
          instanceId = allocated;
          checked = { instanceId: allocated, at: performance.now() };
          return send({ type: 'auth_success', requestId: message.requestId, payload: { instanceId: allocated } });
        }
        case 'health_check':
          return send({
            type: 'health_check',
            requestId: message.requestId,
            payload: {
              authenticated: user !== null,
              engineReachable: instanceId ? await engineAnswers(instanceId) : false,
            },
          });
        case 'api_call':
        case 'render_api_call': {
          if (!user)
            return send({
              type: 'auth_required',
              requestId: message.requestId,
              payload: { message: RELAY_MESSAGES.authRequired },
            });
          const started = performance.now();
          try {
            const result = await forward(message.payload);
            options.onCall?.(result.status, (performance.now() - started) / 1000);
            return send({ type: message.type, requestId: message.requestId, payload: result });
          } catch (caught) {
            if (caught instanceof RelayRefusal) return error(caught.message, message.requestId);
            options.onCall?.(0, (performance.now() - started) / 1000);
            throw caught;
          }
        }
      }
    };

    socket.on('message', (data, isBinary) => {
      const raw = isBinary ? Buffer.from(data as Buffer).toString('utf8') : (data as Buffer).toString('utf8');
      handle(raw).catch((caught: unknown) => {
        log.error({ err: caught }, 'relay message failed');
        error(SOCKET_MESSAGES.apiRequestFailed, requestIdOf(raw));
      });
    });
  });
});

class RelayRefusal extends Error {}
