import type { WebSocket } from '@fastify/websocket';
import { MessageHelpers, overrideLogger } from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET } from '@autostudio/protocol';

// What the signalling server needs around its sockets: Epic's library's log and messages, and liveness pings.

/**
 * Epic's library logs every message it sends, with a stack trace, to the console at Debug level: that would be
 * several lines of stdout per ICE candidate. Its log goes into ours instead, the chatter at trace level. (The
 * library keeps one logger per process; the last server built wins, which only matters to tests.)
 */
export function routeEpicLogs(log: FastifyBaseLogger): void {
  overrideLogger({
    InitLogging: () => undefined,
    Debug: (text) => log.trace({ source: 'pixelstreaming' }, text),
    Info: (text) => log.debug({ source: 'pixelstreaming' }, text),
    Warning: (text) => log.warn({ source: 'pixelstreaming' }, text),
    Error: (text) => log.error({ source: 'pixelstreaming' }, text),
  });
}

/** A Pixel Streaming message of the given type, as Epic's helpers build it. */
export const message = (type: Parameters<typeof MessageHelpers.createMessage>[0], params: object = {}) =>
  MessageHelpers.createMessage(type, params);

/** Sockets whose peer vanished without a close are found by protocol-level pings. */
export function keepAlive(socket: WebSocket): void {
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
