import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * WebSocket routes: the remote-control relay and signalling. `maxPayload` is the largest message any socket of
 * ours takes (the relay's hard limit); the socket closes on a larger one before it is buffered whole.
 */
export const websocketPlugin = fp<{ maxPayload: number }>(async (app: FastifyInstance, { maxPayload }) => {
  await app.register(websocket, { options: { maxPayload } });
});
