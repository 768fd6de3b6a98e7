import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import {
  MessageHelpers,
  Messages,
  overrideLogger,
  SignallingProtocol,
  WebSocketTransportNJS,
  type BaseMessage,
} from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import type { FastifyBaseLogger } from 'fastify';
import { SIGNALLING_CLOSE, SOCKET } from '@autostudio/protocol';
import { revokes, type Revocation } from '../auth/token-revocation.js';

/** Who a player is and which streamer they may watch; the sessions decide. */
export interface SignallingAccess {
  /** The signed-in user behind an access token and the sign-in it belongs to, or null. */
  authenticate(token: string): Promise<{ id: string; signInId: string } | null>;
  /** Whether a sign-in is still good (not signed out, not revoked). */
  isSignedIn(signInId: string): Promise<boolean>;
  /** The streamer of the user's engine session, or null. */
  streamerFor(userId: string): Promise<string | null>;
}

/**
 * How often every subscribed player's session and sign-in are looked at again. Ends on this server copy are pushed
 * at once (endSession, signOut); this bounds how long a player connected here watches after its session ended or
 * its sign-in was revoked on another copy.
 */
export const PLAYER_RECHECK_MS = 2000;

interface Streamer {
  id: string | null;
  protocol: SignallingProtocol;
  socket: WebSocket;
  players: Set<string>;
}

interface Player {
  id: string;
  userId: string;
  signInId: string;
  protocol: SignallingProtocol;
  socket: WebSocket;
  streamerId: string | null;
}

/**
 * Epic's library logs every message it sends, with a stack trace, to the console at Debug level: that would be
 * several lines of stdout per ICE candidate. Its log goes into ours instead, the chatter at trace level. (The
 * library keeps one logger per process; the last server built wins, which only matters to tests.)
 */
function routeEpicLogs(log: FastifyBaseLogger): void {
  overrideLogger({
    InitLogging: () => undefined,
    Debug: (text) => log.trace({ source: 'pixelstreaming' }, text),
    Info: (text) => log.debug({ source: 'pixelstreaming' }, text),
    Warning: (text) => log.warn({ source: 'pixelstreaming' }, text),
    Error: (text) => log.error({ source: 'pixelstreaming' }, text),
  });
}

const message = (type: Parameters<typeof MessageHelpers.createMessage>[0], params: object = {}) =>
  MessageHelpers.createMessage(type, params);

/**
 * The Pixel Streaming 5.5 signalling server (reference/pixel-streaming.md): streamers (Unreal or the reference
 * engine) identify themselves with the engine key; players, signed in, may watch only their own session's
 * engine. Offers, answers and ICE candidates are routed by player id, as Epic's Wilbur does.
 */
export class SignallingServer {
  private readonly streamers = new Map<string, Streamer>();
  private readonly players = new Map<string, Player>();
  /** Players whose token is still being checked, each hearing the revocations made meanwhile. */
  private readonly authenticating = new Set<(revocation: Revocation) => void>();
  private readonly recheck: NodeJS.Timeout;

  constructor(
    private readonly options: {
      engineKey: string;
      access: SignallingAccess;
      log: FastifyBaseLogger;
      recheckMs?: number;
    },
  ) {
    routeEpicLogs(options.log);
    this.recheck = setInterval(() => {
      this.recheckPlayers().catch((error: unknown) => options.log.error({ err: error }, 'player recheck failed'));
    }, options.recheckMs ?? PLAYER_RECHECK_MS);
    this.recheck.unref();
  }

  close(): void {
    clearInterval(this.recheck);
  }

  /**
   * A user's engine session ended: their players leave the engine now, before it is reset and lent to someone else.
   * The streamer hears playerDisconnected (and drops the peer) at once, not when the socket's close completes.
   */
  endSession(userId: string): void {
    for (const player of this.players.values()) {
      if (player.userId === userId) this.dismiss(player, SIGNALLING_CLOSE.sessionEnded);
    }
  }

  /** A sign-in ended (sign-out, revoked refresh token, account change): its players are turned out. */
  signOut(revocation: Revocation): void {
    for (const hear of this.authenticating) hear(revocation);
    for (const player of this.players.values()) {
      if (revokes(revocation, player.userId, player.signInId)) this.dismiss(player, SIGNALLING_CLOSE.unauthorized);
    }
  }

  private dismiss(player: Player, why: { code: number; reason: string }): void {
    this.unsubscribe(player);
    this.players.delete(player.id);
    player.socket.close(why.code, why.reason);
  }

  /** Catches what another server copy ended: a session, or a sign-in. */
  private async recheckPlayers(): Promise<void> {
    for (const player of [...this.players.values()]) {
      if (!player.streamerId) continue;
      const [signedIn, streamerId] = await Promise.all([
        this.options.access.isSignedIn(player.signInId),
        this.options.access.streamerFor(player.userId),
      ]);
      if (!this.players.has(player.id)) continue;
      if (!signedIn) this.dismiss(player, SIGNALLING_CLOSE.unauthorized);
      else if (streamerId !== player.streamerId) this.dismiss(player, SIGNALLING_CLOSE.sessionEnded);
    }
  }

  streamerIds(): string[] {
    return [...this.streamers.keys()];
  }

  /** A new socket on /signalling: a streamer when it brings the engine key, otherwise a player. */
  async accept(socket: WebSocket, query: { key?: string; token?: string }): Promise<void> {
    this.keepAlive(socket);
    if (query.key !== undefined) return this.acceptStreamer(socket, query.key);
    // Epic's frontend sends listStreamers the moment the socket opens, while the token is still being checked:
    // keep what arrives meanwhile and hand it to the player's handlers once they exist, or it is lost for good.
    const early: { data: unknown; isBinary: boolean }[] = [];
    const keep = (data: unknown, isBinary: boolean) => early.push({ data, isBinary });
    socket.on('message', keep);
    // A sign-out while the token is checked would find no player to turn out, and the check may have read the
    // sign-in as live just before: what is revoked meanwhile is held against the player once it is known.
    const revokedMeanwhile: Revocation[] = [];
    const hear = (revocation: Revocation) => revokedMeanwhile.push(revocation);
    this.authenticating.add(hear);
    let user: { id: string; signInId: string } | null = null;
    try {
      if (query.token) user = await this.options.access.authenticate(query.token);
    } finally {
      this.authenticating.delete(hear);
    }
    socket.off('message', keep);
    if (!user || revokedMeanwhile.some((revocation) => revokes(revocation, user.id, user.signInId)))
      return socket.close(SIGNALLING_CLOSE.unauthorized.code, SIGNALLING_CLOSE.unauthorized.reason);
    this.acceptPlayer(socket, user.id, user.signInId);
    for (const { data, isBinary } of early) socket.emit('message', data, isBinary);
  }

  private acceptStreamer(socket: WebSocket, key: string): void {
    const expected = Buffer.from(this.options.engineKey);
    const given = Buffer.from(key);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return socket.close(SIGNALLING_CLOSE.unauthorized.code, 'Unknown engine key');
    }
    const protocol = new SignallingProtocol(new WebSocketTransportNJS(socket));
    const streamer: Streamer = { id: null, protocol, socket, players: new Set() };
    // Wilbur sends identify before config; a streamer must accept either order.
    protocol.sendMessage(message(Messages.identify));
    protocol.sendMessage(
      message(Messages.config, { peerConnectionOptions: {}, protocolVersion: SignallingProtocol.SIGNALLING_VERSION }),
    );

    protocol.on(Messages.endpointId.typeName, (msg: BaseMessage & { id?: string }) => {
      const id = (msg.id ?? '').trim() || `streamer-${randomUUID().slice(0, 8)}`;
      // The id is what sessions hand players: a second streamer taking it, even renamed, must not stand in for the
      // engine that holds it, so the newcomer is turned away and the connected one keeps its players.
      const holder = this.streamers.get(id);
      if (holder && holder !== streamer) {
        this.options.log.warn({ streamerId: id }, 'refused a second streamer with a connected id');
        return socket.close(SIGNALLING_CLOSE.streamerIdTaken.code, SIGNALLING_CLOSE.streamerIdTaken.reason(id));
      }
      if (streamer.id) this.streamers.delete(streamer.id);
      streamer.id = id;
      this.streamers.set(id, streamer);
      protocol.sendMessage(message(Messages.endpointIdConfirm, { committedId: id }));
      this.options.log.info({ streamerId: id }, 'streamer connected');
    });
    protocol.on(Messages.ping.typeName, (msg: BaseMessage & { time?: number }) => {
      protocol.sendMessage(message(Messages.pong, { time: msg.time ?? Date.now() }));
    });
    for (const type of [Messages.offer, Messages.iceCandidate]) {
      protocol.on(type.typeName, (msg: BaseMessage & { playerId?: string }) => {
        const player = msg.playerId ? this.players.get(msg.playerId) : undefined;
        if (!player || player.streamerId !== streamer.id) return;
        const forwarded: BaseMessage & { playerId?: string } = { ...msg };
        delete forwarded.playerId;
        player.protocol.sendMessage(forwarded);
      });
    }
    protocol.on(Messages.disconnectPlayer.typeName, (msg: BaseMessage & { playerId?: string; reason?: string }) => {
      const player = msg.playerId ? this.players.get(msg.playerId) : undefined;
      if (player?.streamerId === streamer.id) player.socket.close(1011, msg.reason ?? 'Disconnected by the engine');
    });
    socket.on('close', () => {
      if (streamer.id && this.streamers.get(streamer.id) === streamer) this.streamers.delete(streamer.id);
      // As Wilbur does: the players' sockets close, and their frontends reconnect and wait for the streamer.
      for (const playerId of streamer.players) this.players.get(playerId)?.socket.close(1001, 'The engine went away');
      this.options.log.info({ streamerId: streamer.id }, 'streamer disconnected');
    });
  }

  private acceptPlayer(socket: WebSocket, userId: string, signInId: string): void {
    const protocol = new SignallingProtocol(new WebSocketTransportNJS(socket));
    const player: Player = {
      id: `Player-${randomUUID().slice(0, 8)}`,
      userId,
      signInId,
      protocol,
      socket,
      streamerId: null,
    };
    this.players.set(player.id, player);
    // config first: Epic's frontend creates its peer connection on it and breaks on anything earlier.
    protocol.sendMessage(
      message(Messages.config, { peerConnectionOptions: {}, protocolVersion: SignallingProtocol.SIGNALLING_VERSION }),
    );

    const allowedStreamer = async (): Promise<string | null> => {
      if (!(await this.options.access.isSignedIn(signInId))) return null;
      const streamerId = await this.options.access.streamerFor(userId);
      return streamerId && this.streamers.has(streamerId) ? streamerId : null;
    };
    protocol.on(Messages.listStreamers.typeName, () => {
      void allowedStreamer().then((id) =>
        protocol.sendMessage(message(Messages.streamerList, { ids: id ? [id] : [] })),
      );
    });
    protocol.on(Messages.subscribe.typeName, (msg: BaseMessage & { streamerId?: string }) => {
      void allowedStreamer().then((id) => {
        if (!id || id !== msg.streamerId) {
          protocol.sendMessage(
            message(Messages.subscribeFailed, { message: 'That engine is not allocated to your session' }),
          );
          return;
        }
        this.unsubscribe(player);
        const streamer = this.streamers.get(id);
        // The player may have been dismissed (its session ended) while the session was looked up.
        if (!streamer || !this.players.has(player.id)) return;
        player.streamerId = id;
        streamer.players.add(player.id);
        streamer.protocol.sendMessage(
          message(Messages.playerConnected, { playerId: player.id, dataChannel: true, sfu: false }),
        );
      });
    });
    protocol.on(Messages.unsubscribe.typeName, () => this.unsubscribe(player));
    for (const type of [Messages.answer, Messages.iceCandidate, Messages.layerPreference]) {
      protocol.on(type.typeName, (msg: BaseMessage) => {
        const streamer = player.streamerId ? this.streamers.get(player.streamerId) : undefined;
        streamer?.protocol.sendMessage({ ...msg, playerId: player.id });
      });
    }
    protocol.on(Messages.ping.typeName, (msg: BaseMessage & { time?: number }) => {
      protocol.sendMessage(message(Messages.pong, { time: msg.time ?? Date.now() }));
    });
    socket.on('close', () => {
      if (this.players.get(player.id) !== player) return;
      this.unsubscribe(player);
      this.players.delete(player.id);
    });
  }

  private unsubscribe(player: Player): void {
    if (!player.streamerId) return;
    const streamer = this.streamers.get(player.streamerId);
    player.streamerId = null;
    if (!streamer) return;
    streamer.players.delete(player.id);
    streamer.protocol.sendMessage(message(Messages.playerDisconnected, { playerId: player.id }));
  }

  /** Sockets whose peer vanished without a close are found by protocol-level pings. */
  private keepAlive(socket: WebSocket): void {
    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const timer = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, SOCKET.heartbeatMs);
    socket.on('close', () => clearInterval(timer));
  }
}
