import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { listen, type CopiesNotice, type SignallingBus, type ToPlayer, type ToStreamer } from './signalling-bus.js';

/**
 * How long a streamer id stays taken after its copy last said so. The copy renews it every third of this while the
 * streamer is connected; a copy that dies without releasing it frees the id (and tells the other copies' players
 * that the engine went away, on their next recheck) within this time.
 */
export const STREAMER_PRESENCE_MS = 15_000;

/** Takes the key when it is free or already this copy's, for another ttl. */
const CLAIM = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Frees the key only when this copy holds it: an id taken over elsewhere after an expiry stays taken. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

interface Envelope {
  /** The copy that sent it: notices are for the others. */
  from: string;
  body: unknown;
}

export interface RedisSignallingBusOptions {
  url: string;
  /** Starts every key and channel, so that deployments (or test runs) sharing one Redis stay apart. */
  prefix: string;
  log: FastifyBaseLogger;
  presenceMs?: number;
}

/**
 * The signalling bus of several server copies, over Redis: a presence key per connected streamer (with an expiry,
 * renewed while it is connected) and a pub/sub channel per streamer and per player, which the copy holding that
 * socket subscribes to. Messages between a streamer and a player on the same copy do not leave the process.
 */
export class RedisSignallingBus implements SignallingBus {
  private readonly copyId = randomUUID();
  private readonly streamers = new Map<string, (message: ToStreamer) => void>();
  private readonly players = new Map<string, (message: ToPlayer) => void>();
  private readonly noticeListeners = new Set<(notice: CopiesNotice) => void>();
  /** Streamer ids this copy holds, renewed on a timer. */
  private readonly claimed = new Set<string>();
  private readonly renew: NodeJS.Timeout;
  private readonly presenceMs: number;

  private constructor(
    private readonly commands: Redis,
    private readonly subscriber: Redis,
    private readonly options: RedisSignallingBusOptions,
  ) {
    this.presenceMs = options.presenceMs ?? STREAMER_PRESENCE_MS;
    subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    this.renew = setInterval(() => {
      for (const streamerId of this.claimed) {
        this.claimStreamer(streamerId)
          .then((held) => {
            if (!held) options.log.error({ streamerId }, 'another copy took the id of a streamer connected here');
          })
          .catch((error: unknown) => options.log.warn({ err: error, streamerId }, 'streamer presence not renewed'));
      }
    }, this.presenceMs / 3);
    this.renew.unref();
  }

  /** Connects both clients (commands, and the subscriber that pub/sub needs to itself) and joins the copies. */
  static async connect(options: RedisSignallingBusOptions): Promise<RedisSignallingBus> {
    const client = () => {
      const redis = new Redis(options.url, { lazyConnect: true });
      // ioredis reconnects by itself; an error event without a listener would end the process instead.
      redis.on('error', (error: Error) => options.log.warn({ err: error }, 'redis connection error'));
      return redis;
    };
    const commands = client();
    const subscriber = client();
    try {
      await Promise.all([commands.connect(), subscriber.connect()]);
      const bus = new RedisSignallingBus(commands, subscriber, options);
      await subscriber.subscribe(bus.channel('copies'));
      return bus;
    } catch (error) {
      commands.disconnect();
      subscriber.disconnect();
      // The host only: the URL may carry a password.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Redis at ${new URL(options.url).host} (REDIS_URL) is not reachable: ${reason}`, {
        cause: error,
      });
    }
  }

  private channel(...parts: string[]): string {
    return [this.options.prefix, 'signalling', ...parts].join(':');
  }

  async claimStreamer(streamerId: string): Promise<boolean> {
    const taken = await this.commands.eval(
      CLAIM,
      1,
      this.channel('streamer-online', streamerId),
      this.copyId,
      this.presenceMs,
    );
    if (taken !== 1) return false;
    this.claimed.add(streamerId);
    return true;
  }

  async releaseStreamer(streamerId: string): Promise<void> {
    this.claimed.delete(streamerId);
    await this.commands.eval(RELEASE, 1, this.channel('streamer-online', streamerId), this.copyId);
  }

  async streamerOnline(streamerId: string): Promise<boolean> {
    return (await this.commands.exists(this.channel('streamer-online', streamerId))) === 1;
  }

  listenStreamer(streamerId: string, deliver: (message: ToStreamer) => void): Promise<() => void> {
    return this.subscribe(this.streamers, 'streamer', streamerId, deliver);
  }

  listenPlayer(playerId: string, deliver: (message: ToPlayer) => void): Promise<() => void> {
    return this.subscribe(this.players, 'player', playerId, deliver);
  }

  private async subscribe<T>(
    listeners: Map<string, (message: T) => void>,
    kind: string,
    id: string,
    deliver: (message: T) => void,
  ): Promise<() => void> {
    const channel = this.channel(kind, id);
    // Listening before the subscription is confirmed: a message may come in the same read as the confirmation.
    const stop = listen(listeners, id, deliver);
    const leave = () => {
      stop();
      if (listeners.has(id)) return;
      this.subscriber
        .unsubscribe(channel)
        .catch((error: unknown) => this.options.log.warn({ err: error, channel }, 'redis unsubscribe failed'));
    };
    try {
      await this.subscriber.subscribe(channel);
    } catch (error) {
      leave();
      throw error;
    }
    return leave;
  }

  toStreamer(streamerId: string, message: ToStreamer): void {
    const local = this.streamers.get(streamerId);
    if (local) local(message);
    else this.publish(this.channel('streamer', streamerId), message);
  }

  toPlayer(playerId: string, message: ToPlayer): void {
    const local = this.players.get(playerId);
    if (local) local(message);
    else this.publish(this.channel('player', playerId), message);
  }

  notify(notice: CopiesNotice): void {
    this.publish(this.channel('copies'), notice);
  }

  onNotice(listener: (notice: CopiesNotice) => void): void {
    this.noticeListeners.add(listener);
  }

  private publish(channel: string, body: unknown): void {
    const envelope: Envelope = { from: this.copyId, body };
    this.commands
      .publish(channel, JSON.stringify(envelope))
      .catch((error: unknown) => this.options.log.warn({ err: error, channel }, 'redis publish failed'));
  }

  /** The copies on this Redis are one deployment and trust each other's messages, as they trust the database. */
  private receive(channel: string, text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return this.options.log.warn({ channel }, 'unreadable signalling bus message');
    }
    const [kind, id] = channel.slice(this.channel().length + 1).split(/:(.*)/s);
    if (kind === 'copies') {
      if (envelope.from === this.copyId) return;
      for (const listener of this.noticeListeners) listener(envelope.body as CopiesNotice);
    } else if (kind === 'streamer' && id) this.streamers.get(id)?.(envelope.body as ToStreamer);
    else if (kind === 'player' && id) this.players.get(id)?.(envelope.body as ToPlayer);
  }

  async ping(): Promise<void> {
    await this.commands.ping();
  }

  async close(): Promise<void> {
    clearInterval(this.renew);
    await Promise.all([...this.claimed].map((streamerId) => this.releaseStreamer(streamerId).catch(() => undefined)));
    this.commands.disconnect();
    this.subscriber.disconnect();
  }
}
