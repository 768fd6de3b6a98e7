import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ENGINE_CONTROL_ROUTES } from '@autostudio/protocol';
import type { Scene } from '../scene/scene.js';
import { fail, type RemoteAnswer } from './remote-control-routes.js';

/**
 * The engine's own control routes for the server that pools it, beside Unreal's API. They sit outside `/remote/`,
 * which is all the user-facing relay forwards, so a user can never call them. With a control key, only a caller
 * presenting it (`Authorization: Bearer <key>`) is answered; without one, only callers on this machine are.
 */
export function isControlRoute(path: string): boolean {
  return path.toLowerCase() === ENGINE_CONTROL_ROUTES.reset;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function refusal(req: IncomingMessage, controlKey: string | undefined): RemoteAnswer | null {
  if (controlKey === undefined) {
    return LOOPBACK.has(req.socket.remoteAddress ?? '')
      ? null
      : fail(403, 'Control routes answer only on this machine when the engine has no control key');
  }
  const header = req.headers.authorization ?? '';
  const given = header.toLowerCase().startsWith('bearer ') ? header.slice('bearer '.length) : '';
  // Digests of equal length compared in constant time: the answer's timing says nothing about the key.
  return given !== '' && timingSafeEqual(digest(given), digest(controlKey))
    ? null
    : fail(401, 'The control key is missing or wrong');
}

export async function handleControl(
  req: IncomingMessage,
  method: string,
  scene: Scene,
  controlKey: string | undefined,
): Promise<RemoteAnswer> {
  const refused = refusal(req, controlKey);
  if (refused) return refused;
  if (method !== 'POST') return fail(405, `Use POST for ${ENGINE_CONTROL_ROUTES.reset}`);
  await scene.reset();
  return { status: 200, body: {} };
}
