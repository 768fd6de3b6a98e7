import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { SIGNALLING_PATH } from '@autostudio/protocol';
import type { SignallingServer } from './signalling-server.js';

const querySchema = z.object({ key: z.string().max(200).optional(), token: z.string().max(5000).optional() }).loose();

/** The signalling socket, outside /api: its path is the instanceUrl the web app gives Epic's frontend. */
export const signallingRoutes: FastifyPluginAsync<{ signalling: SignallingServer }> = async (app, { signalling }) => {
  app.get(SIGNALLING_PATH, { websocket: true }, (socket, request) => {
    const query = querySchema.safeParse(request.query);
    void signalling.accept(socket, query.success ? query.data : {}).catch((error: unknown) => {
      request.log.error({ err: error }, 'signalling connection failed');
      socket.close(1011, 'Signalling failed');
    });
  });
};
