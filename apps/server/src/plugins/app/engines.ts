import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNALLING_PATH } from '@autostudio/protocol';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { AuthService } from '../../modules/auth/auth.service.js';
import type { TokenRevocation } from '../../modules/auth/token-revocation.js';
import { createEngineProvider } from '../../modules/engines/create-engine-provider.js';
import type { EngineProvider } from '../../modules/engines/engine-pool.js';
import { EngineLine } from '../../modules/engine-line/engine-line.service.js';
import { SessionsService, type SessionsOptions } from '../../modules/sessions/sessions.service.js';
import { RedisSignallingBus } from '../../modules/signalling/redis-signalling-bus.js';
import { InMemorySignallingBus, type SignallingBus } from '../../modules/signalling/signalling-bus.js';
import { SignallingServer } from '../../modules/signalling/signalling-server.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where engines come from: the sessions, the health check and the engine routes use it, and the tests. */
    engineProvider: EngineProvider;
    /** Engine sessions: the session routes and the relay use them; the tests sweep them with a clock of their own. */
    engineSessions: SessionsService;
    /** The waiting line for engines: the sessions let its first in; its routes show and keep places. */
    engineLine: EngineLine;
    /** The Pixel Streaming signalling server between players and the engines' streamers. */
    signalling: SignallingServer;
    /** How the copies meet (Redis, or this process alone); readiness pings it. */
    signallingBus: SignallingBus;
    /**
     * Where engines fetch this server's signed file links, and the one address of this server they may fetch;
     * undefined: the address the browser used.
     */
    engineFilesUrl: () => string | undefined;
  }
}

/** Where engines on this machine reach this server: the address it listens on (loopback for any address). */
export function listeningOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const loopback = address.family === 'IPv6' ? '::1' : '127.0.0.1';
  const host = address.address === '0.0.0.0' || address.address === '::' ? loopback : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export interface EnginesOptions {
  config: Pick<AppConfig, 'engines' | 'dataDir' | 'publicUrl' | 'redis'>;
  db: Db;
  auth: AuthService;
  revocation: TokenRevocation;
  /** The key engines present to stream to this server's signalling endpoint. */
  engineKey: string;
  /** The command line the local provider runs for each engine; the built reference engine by default. */
  cli?: string | undefined;
  /** Told how each allocation request ended (the metrics count them). */
  onAllocation?: SessionsOptions['onAllocation'];
  /** Told of each engine that left the pool unasked (its process died, it fell silent), e.g. to count them. */
  onEngineLost?: () => void;
}

/**
 * Everything about engines, started together and closed together: the provider that lends them, the sessions that
 * hold them, signalling between their streamers and the players, and the sweeper that frees the engines of
 * sessions whose heartbeats stopped.
 */
export const enginesPlugin = fp<EnginesOptions>(async (app: FastifyInstance, options) => {
  const { config, auth, revocation, engineKey } = options;
  // ENGINE_FILES_URL, else for local engines, which run beside this server, the address it listens on (whatever
  // address the browser used: a dev proxy, a public name), else the address the browser used.
  const engineFilesUrl = (): string | undefined => {
    if (config.engines.filesUrl) return config.engines.filesUrl;
    return config.engines.provider === 'local' ? listeningOrigin(app) : undefined;
  };

  // The provider tells the sessions when an engine dies; the sessions exist only once the provider does.
  let onEngineDied: (engineId: string, reason: string) => void = () => undefined;
  const provider = createEngineProvider(config.engines, {
    dataDir: config.dataDir,
    log: app.log,
    onEngineDied: (engineId, reason) => onEngineDied(engineId, reason),
    cli: options.cli,
    // Local engines stream to this server over loopback, on whatever port it really listens on.
    signallingUrl: () => {
      const address = app.server.address();
      if (!address || typeof address === 'string') return null;
      return `ws://127.0.0.1:${address.port}${SIGNALLING_PATH}?key=${encodeURIComponent(engineKey)}`;
    },
    filesUrl: engineFilesUrl,
    fetchAllow: config.engines.fetchAllow,
  });
  const line = new EngineLine(options.db, provider, { staleMs: config.engines.lineStaleMs });
  const sessions = new SessionsService(
    options.db,
    provider,
    {
      line,
      timeoutSeconds: config.engines.sessionTimeoutSeconds,
      pageCloseGraceMs: config.engines.pageCloseGraceMs,
      onAllocation: options.onAllocation,
      // On PUBLIC_URL; without it a path, which the session routes complete with the address the browser used.
      signallingUrl: (streamerId) =>
        `${config.publicUrl?.replace(/^http/, 'ws') ?? ''}${SIGNALLING_PATH}?streamerId=${encodeURIComponent(streamerId)}`,
    },
    app.log,
  );
  onEngineDied = (engineId, reason) => {
    options.onEngineLost?.();
    sessions
      .engineFailed(engineId, reason)
      .catch((error: unknown) => app.log.error({ err: error }, 'marking a session failed'));
  };
  // Several copies meet through Redis (a player's socket may reach another copy than its engine's); one alone needs
  // nothing but its memory.
  const bus: SignallingBus = config.redis
    ? await RedisSignallingBus.connect({ ...config.redis, log: app.log })
    : new InMemorySignallingBus();
  const signalling = new SignallingServer({
    engineKey,
    bus,
    iceServers: config.engines.iceServers ?? [],
    access: {
      authenticate: async (token) => {
        const authenticated = await auth.authenticateSession(token);
        return authenticated && { id: authenticated.user.id, signInId: authenticated.familyId };
      },
      isSignedIn: (signInId) => revocation.isLive(signInId),
      streamerFor: (userId) => sessions.streamerFor(userId),
    },
    log: app.log,
    onStreamerLeft: (streamerId) => provider.streamerLeft?.(streamerId),
  });
  // Before an ended session's engine is reset for someone else, its viewers leave it; a sign-in that ends takes
  // its viewers with it.
  sessions.onSessionEnded((userId) => signalling.endSession(userId));
  revocation.onRevoked((revoked) => signalling.signOut(revoked));
  // Sessions whose heartbeats stopped free their engines, and resets whose copy died are run again; every server copy
  // may sweep, the database decides.
  const sweeper = setInterval(() => {
    sessions
      .expireStale()
      .then(() => sessions.resetAbandoned())
      .then(() => line.sweep())
      .catch((error: unknown) => app.log.error({ err: error }, 'session sweep failed'));
  }, 10_000);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sessions.close();
    signalling.close();
    await bus.close();
    await provider.close();
  });

  app.decorate('engineProvider', provider);
  app.decorate('engineSessions', sessions);
  app.decorate('engineLine', line);
  app.decorate('signalling', signalling);
  app.decorate('signallingBus', bus);
  app.decorate('engineFilesUrl', engineFilesUrl);
});
