import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import {
  Messages,
  SignallingProtocol,
  WebSocketTransportNJS,
  type BaseMessage,
} from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import type { FastifyBaseLogger } from 'fastify';
import { SIGNALLING_CLOSE } from '@autostudio/protocol';
import { revokes, type Revocation } from '../auth/token-revocation.js';
import { keepAlive, message, routeEpicLogs } from './signalling-sockets.js';
import { InMemorySignallingBus, type SignallingBus, type ToPlayer, type ToStreamer } from './signalling-bus.js';

/** Why a player's socket closes when its engine's streamer goes, as Wilbur closes it. */
const ENGINE_WENT_AWAY = 'The engine went away';

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
  /** The players subscribed to it, wherever their sockets are. */
  players: Set<string>;
  /** Stops hearing the bus under its id. */
  leave: () => void;
}

interface Player {
  id: string;
  userId: string;
  signInId: string;
  protocol: SignallingProtocol;
  socket: WebSocket;
  streamerId: string | null;
  leave: () => void;
}

/**
 * The Pixel Streaming 5.5 signalling server (reference/pixel-streaming.md): streamers (Unreal or the reference
 * engine) identify themselves with the engine key; players, signed in, may watch only their own session's
 * engine. Offers, answers and ICE candidates are routed by player id, as Epic's Wilbur does, through a
 * SignallingBus: in one process's memory, or across server copies (a player's socket may reach another copy than
 * its engine's). Each socket speaks Epic's protocol unchanged either way.
 */
export class SignallingServer {
  /** The streamers and players whose sockets are on this copy. */
  private readonly streamers = new Map<string, Streamer>();
  private readonly players = new Map<string, Player>();
  /** Players whose token is still being checked, each hearing the revocations made meanwhile. */
  private readonly authenticating = new Set<(revocation: Revocation) => void>();
  private readonly recheck: NodeJS.Timeout;
  private readonly bus: SignallingBus;

  constructor(
    private readonly options: {
      engineKey: string;
      access: SignallingAccess;
      log: FastifyBaseLogger;
      recheckMs?: number;
      /** How copies reach each other's sockets; this process's memory alone by default. */
      bus?: SignallingBus;
      /** STUN/TURN servers for both ends (WEBRTC_ICE_SERVERS); a TURN server makes engines offer relayed candidates only. */
      iceServers?: { urls: string | string[]; username?: string | undefined; credential?: string | undefined }[];
      /** Told when a streamer's socket on this copy closes: the engine behind it may have died. */
      onStreamerLeft?: (streamerId: string) => void;
    },
  ) {
    routeEpicLogs(options.log);
    this.bus = options.bus ?? new InMemorySignallingBus();
    this.bus.onNotice((notice) => {
      if ('sessionEnded' in notice) this.dismissSession(notice.sessionEnded);
      else this.turnOut(notice.revoked);
    });
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
   * The streamer hears playerDisconnected (and drops the peer) at once, not when the socket's close completes. The
   * other server copies are told too, for the user's players connected there.
   */
  endSession(userId: string): void {
    this.dismissSession(userId);
    this.bus.notify({ sessionEnded: userId });
  }

  /** A sign-in ended (sign-out, revoked refresh token, account change): its players are turned out, on every copy. */
  signOut(revocation: Revocation): void {
    this.turnOut(revocation);
    this.bus.notify({ revoked: revocation });
  }

  private dismissSession(userId: string): void {
    for (const player of this.players.values()) {
      if (player.userId === userId) this.dismiss(player, SIGNALLING_CLOSE.sessionEnded);
    }
  }

  private turnOut(revocation: Revocation): void {
    for (const hear of this.authenticating) hear(revocation);
    for (const player of this.players.values()) {
      if (revokes(revocation, player.userId, player.signInId)) this.dismiss(player, SIGNALLING_CLOSE.unauthorized);
    }
  }

  private dismiss(player: Player, why: { code: number; reason: string }): void {
    this.unsubscribe(player);
    this.forget(player);
    player.socket.close(why.code, why.reason);
  }

  private forget(player: Player): void {
    this.players.delete(player.id);
    player.leave();
  }

  /**
   * Catches what another server copy ended: a session or a sign-in whose notice was lost, or a streamer whose copy
   * stopped without a word (its presence expires).
   */
  private async recheckPlayers(): Promise<void> {
    for (const player of [...this.players.values()]) {
      const watching = player.streamerId;
      // Every player's sign-in is looked at, watching or not: one that missed its sign-out must not stay connected.
      const [signedIn, streamerId, online] = await Promise.all([
        this.options.access.isSignedIn(player.signInId),
        watching ? this.options.access.streamerFor(player.userId) : null,
        watching ? this.bus.streamerOnline(watching) : true,
      ]);
      if (!this.players.has(player.id)) continue;
      if (!signedIn) this.dismiss(player, SIGNALLING_CLOSE.unauthorized);
      else if (watching && streamerId !== watching) this.dismiss(player, SIGNALLING_CLOSE.sessionEnded);
      else if (watching && !online && player.streamerId === watching) player.socket.close(1001, ENGINE_WENT_AWAY);
    }
  }

  /** Sockets open on this copy: engines streaming, and viewers (the metrics read them). */
  counts(): { streamers: number; players: number } {
    return { streamers: this.streamers.size, players: this.players.size };
  }

  /** The streamers connected to this copy. */
  streamerIds(): string[] {
    return [...this.streamers.keys()];
  }

  /** A new socket on /signalling: a streamer when it brings the engine key, otherwise a player. */
  async accept(socket: WebSocket, query: { key?: string; token?: string }): Promise<void> {
    keepAlive(socket);
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
    const playerId = `Player-${randomUUID().slice(0, 8)}`;
    let user: { id: string; signInId: string } | null = null;
    let leave: (() => void) | null = null;
    try {
      if (query.token) user = await this.options.access.authenticate(query.token);
      // The player hears the bus before any streamer can hear of it: an offer from another copy must find it.
      if (user) leave = await this.bus.listenPlayer(playerId, (sent) => this.deliverToPlayer(playerId, sent));
    } finally {
      this.authenticating.delete(hear);
      socket.off('message', keep);
    }
    if (!user || !leave || revokedMeanwhile.some((revocation) => revokes(revocation, user.id, user.signInId))) {
      leave?.();
      return socket.close(SIGNALLING_CLOSE.unauthorized.code, SIGNALLING_CLOSE.unauthorized.reason);
    }
    if (socket.readyState !== socket.OPEN) return leave();
    this.acceptPlayer(socket, { id: playerId, userId: user.id, signInId: user.signInId, leave });
    for (const { data, isBinary } of early) socket.emit('message', data, isBinary);
  }

  /**
   * What both ends build their peer connection from (Epic's `config` message). Its peerConnectionOptions is an
   * RTCConfiguration passed through as is: set after the message is made, as the protocol type declares no fields for
   * it and would drop the ICE servers.
   */
  private configMessage(): BaseMessage {
    const config = message(Messages.config, {
      protocolVersion: SignallingProtocol.SIGNALLING_VERSION,
    }) as BaseMessage & {
      peerConnectionOptions?: object;
    };
    const iceServers = this.options.iceServers ?? [];
    config.peerConnectionOptions = iceServers.length > 0 ? { iceServers: structuredClone(iceServers) } : {};
    return config;
  }

  private acceptStreamer(socket: WebSocket, key: string): void {
    const expected = Buffer.from(this.options.engineKey);
    const given = Buffer.from(key);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return socket.close(SIGNALLING_CLOSE.unauthorized.code, 'Unknown engine key');
    }
    const protocol = new SignallingProtocol(new WebSocketTransportNJS(socket));
    const streamer: Streamer = { id: null, protocol, socket, players: new Set(), leave: () => undefined };
    // Wilbur sends identify before config; a streamer must accept either order.
    protocol.sendMessage(message(Messages.identify));
    protocol.sendMessage(this.configMessage());

    protocol.on(Messages.endpointId.typeName, (msg: BaseMessage & { id?: string }) => {
      const id = (msg.id ?? '').trim() || `streamer-${randomUUID().slice(0, 8)}`;
      this.identify(streamer, id).catch((error: unknown) => {
        this.options.log.error({ err: error, streamerId: id }, 'streamer could not be identified');
        socket.close(1011, 'Signalling failed');
      });
    });
    protocol.on(Messages.ping.typeName, (msg: BaseMessage & { time?: number }) => {
      protocol.sendMessage(message(Messages.pong, { time: msg.time ?? Date.now() }));
    });
    for (const type of [Messages.offer, Messages.iceCandidate]) {
      protocol.on(type.typeName, (msg: BaseMessage & { playerId?: string }) => {
        if (!msg.playerId || !streamer.id) return;
        const forwarded: BaseMessage & { playerId?: string } = { ...msg };
        delete forwarded.playerId;
        this.bus.toPlayer(msg.playerId, { streamerId: streamer.id, message: forwarded });
      });
    }
    protocol.on(Messages.disconnectPlayer.typeName, (msg: BaseMessage & { playerId?: string; reason?: string }) => {
      if (!msg.playerId || !streamer.id) return;
      this.bus.toPlayer(msg.playerId, {
        streamerId: streamer.id,
        close: { code: 1011, reason: msg.reason ?? 'Disconnected by the engine' },
      });
    });
    socket.on('close', () => {
      const id = streamer.id;
      if (id && this.streamers.get(id) === streamer) {
        this.streamerLeft(streamer, id);
        this.options.onStreamerLeft?.(id);
      }
      this.options.log.info({ streamerId: id }, 'streamer disconnected');
    });
  }

  /**
   * The id is what sessions hand players: a second streamer taking it, on this copy or another, even renamed, must
   * not stand in for the engine that holds it, so the newcomer is turned away and the connected one keeps its players.
   */
  private async identify(streamer: Streamer, id: string): Promise<void> {
    const taken = () => {
      this.options.log.warn({ streamerId: id }, 'refused a second streamer with a connected id');
      streamer.socket.close(SIGNALLING_CLOSE.streamerIdTaken.code, SIGNALLING_CLOSE.streamerIdTaken.reason(id));
    };
    const holder = this.streamers.get(id);
    if (holder && holder !== streamer) return taken();
    if (holder !== streamer) {
      if (!(await this.bus.claimStreamer(id))) return taken();
      // Another socket of this copy may have taken the id while it was claimed (the claim is per copy).
      const winner = this.streamers.get(id);
      if (winner && winner !== streamer) return taken();
      const leave = await this.bus.listenStreamer(id, (sent) => this.deliverToStreamer(streamer, sent));
      if (streamer.socket.readyState !== streamer.socket.OPEN) {
        leave();
        await this.bus.releaseStreamer(id);
        return;
      }
      if (streamer.id && this.streamers.get(streamer.id) === streamer) this.streamerLeft(streamer, streamer.id);
      streamer.id = id;
      streamer.leave = leave;
      this.streamers.set(id, streamer);
    }
    streamer.protocol.sendMessage(message(Messages.endpointIdConfirm, { committedId: id }));
    this.options.log.info({ streamerId: id }, 'streamer connected');
  }

  /** A streamer went, or took another id: its players' sockets close, as Wilbur does, and their frontends retry. */
  private streamerLeft(streamer: Streamer, id: string): void {
    this.streamers.delete(id);
    streamer.leave();
    this.bus.releaseStreamer(id).catch((error: unknown) => {
      this.options.log.warn({ err: error, streamerId: id }, 'streamer id not released; it expires');
    });
    for (const playerId of streamer.players) {
      this.bus.toPlayer(playerId, { streamerId: id, close: { code: 1001, reason: ENGINE_WENT_AWAY } });
    }
    streamer.players.clear();
  }

  /** What a player sent its streamer: playerConnected and playerDisconnected keep its list of players. */
  private deliverToStreamer(streamer: Streamer, { playerId, message: sent }: ToStreamer): void {
    if (sent.type === Messages.playerConnected.typeName) streamer.players.add(playerId);
    else if (sent.type === Messages.playerDisconnected.typeName) {
      if (!streamer.players.delete(playerId)) return;
    } else if (!streamer.players.has(playerId)) return;
    streamer.protocol.sendMessage({ ...sent, playerId });
  }

  /** What a streamer sent a player: only the streamer it watches is heard. */
  private deliverToPlayer(playerId: string, { streamerId, message: sent, close }: ToPlayer): void {
    const player = this.players.get(playerId);
    if (!player || player.streamerId !== streamerId) return;
    if (close) player.socket.close(close.code, close.reason);
    else if (sent) player.protocol.sendMessage(sent);
  }

  private acceptPlayer(
    socket: WebSocket,
    who: { id: string; userId: string; signInId: string; leave: () => void },
  ): void {
    const protocol = new SignallingProtocol(new WebSocketTransportNJS(socket));
    const player: Player = { ...who, protocol, socket, streamerId: null };
    this.players.set(player.id, player);
    // config first: Epic's frontend creates its peer connection on it and breaks on anything earlier.
    protocol.sendMessage(this.configMessage());

    const allowedStreamer = async (): Promise<string | null> => {
      if (!(await this.options.access.isSignedIn(player.signInId))) return null;
      const streamerId = await this.options.access.streamerFor(player.userId);
      return streamerId && (await this.bus.streamerOnline(streamerId)) ? streamerId : null;
    };
    const failed = (error: unknown) => {
      this.options.log.error({ err: error, playerId: player.id }, 'signalling lookup failed');
      socket.close(1011, 'Signalling failed');
    };
    protocol.on(Messages.listStreamers.typeName, () => {
      allowedStreamer().then(
        (id) => protocol.sendMessage(message(Messages.streamerList, { ids: id ? [id] : [] })),
        failed,
      );
    });
    protocol.on(Messages.subscribe.typeName, (msg: BaseMessage & { streamerId?: string }) => {
      allowedStreamer().then((id) => {
        if (!id || id !== msg.streamerId) {
          protocol.sendMessage(
            message(Messages.subscribeFailed, { message: 'That engine is not allocated to your session' }),
          );
          return;
        }
        this.unsubscribe(player);
        // The player may have been dismissed (its session ended) while the session was looked up.
        if (!this.players.has(player.id)) return;
        player.streamerId = id;
        this.bus.toStreamer(id, {
          playerId: player.id,
          message: message(Messages.playerConnected, { playerId: player.id, dataChannel: true, sfu: false }),
        });
      }, failed);
    });
    protocol.on(Messages.unsubscribe.typeName, () => this.unsubscribe(player));
    for (const type of [Messages.answer, Messages.iceCandidate, Messages.layerPreference]) {
      protocol.on(type.typeName, (msg: BaseMessage) => {
        if (player.streamerId) this.bus.toStreamer(player.streamerId, { playerId: player.id, message: msg });
      });
    }
    protocol.on(Messages.ping.typeName, (msg: BaseMessage & { time?: number }) => {
      protocol.sendMessage(message(Messages.pong, { time: msg.time ?? Date.now() }));
    });
    socket.on('close', () => {
      if (this.players.get(player.id) !== player) return;
      this.unsubscribe(player);
      this.forget(player);
    });
  }

  private unsubscribe(player: Player): void {
    const streamerId = player.streamerId;
    if (!streamerId) return;
    player.streamerId = null;
    this.bus.toStreamer(streamerId, {
      playerId: player.id,
      message: message(Messages.playerDisconnected, { playerId: player.id }),
    });
  }
}
