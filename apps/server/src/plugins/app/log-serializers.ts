import type { FastifyRequest } from 'fastify';
import { LOGIN_RETURN_PARAMS } from '@autostudio/protocol';

/**
 * Query parameters that carry credentials: single sign-on returns tokens to /login in the query (spec §2), and the
 * provider returns an authorization code and state to the callback. They must not land in the logs.
 */
const SECRET_PARAMS = new Set<string>([LOGIN_RETURN_PARAMS.token, LOGIN_RETURN_PARAMS.refreshToken, 'code', 'state']);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let redacted = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_PARAMS.has(key)) continue;
    params.set(key, 'redacted');
    redacted = true;
  }
  return redacted ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Fastify's own request serializer, with credentials taken out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
