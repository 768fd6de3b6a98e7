import type { DestinationStream } from 'pino';
import { TOKEN_PATH_ROUTES } from '@autostudio/protocol';

export const REDACTED = 'redacted';

/**
 * Query parameters that carry a credential: an engine's key and a player's access token on /signalling, the tokens
 * single sign-on returns to /login, the provider's code and state on the callback. Matched by name, so that a
 * parameter added later with such a name (`…token`, `…key`, `…secret`…) is hidden without anyone listing it here.
 */
const SECRET_PARAM = /token|key|secret|passw|signature|credential|^code$|^state$|^sig$/i;

/** `name=value` after `?` or `&`; the value stops where a URL or the JSON string of a log line stops. */
const QUERY_PARAM = /([?&])([^=&#\s"'\\<>]+)=([^&#\s"'\\<>]*)/g;
/** The same percent-encoded, as a URL inside another URL's query carries it (`?next=%2Fsignalling%3Fkey%3D…`). */
const ENCODED_QUERY_PARAM = /(%3f|%26)([\w.~-]+?)(%3d)((?:[^&#\s"'\\<>%]|%(?!26)[0-9a-f]{2})*)/gi;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What comes before the token in each route that carries one (`/asset-model-file/`, `/public/links/`, `/v/`). */
const TOKEN_PATH_PREFIXES = TOKEN_PATH_ROUTES.map((route) => route.slice(0, route.indexOf(':token')));

/**
 * The token segment after each such prefix (`/asset-model-file/<token>/…`, `/v/<token>`), wherever it appears. A
 * token never holds a colon, and a log line often puts one right after a URL.
 */
const SIGNED_PATH_TOKEN = new RegExp(`(${TOKEN_PATH_PREFIXES.map(escapeRegExp).join('|')})([^/?#:\\s"'\\\\<>]+)`, 'g');

function isSecretParam(name: string): boolean {
  try {
    return SECRET_PARAM.test(decodeURIComponent(name));
  } catch {
    // Not valid percent-encoding: judged as written.
    return SECRET_PARAM.test(name);
  }
}

/**
 * Any text with the secrets a URL can carry taken out: secret query parameters, the tokens of signed file links
 * (each opens its file without sign-in for ten minutes) and of share links (each opens a configuration until revoked). Everything else is kept exactly as it was.
 */
export function redactSecrets(text: string): string {
  const param = (match: string, before: string, name: string, equals: string) =>
    isSecretParam(name) ? `${before}${name}${equals}${REDACTED}` : match;
  // The encoded ones first: the plain pass takes the outer URL's parameter, value and all, in one match.
  return text
    .replace(SIGNED_PATH_TOKEN, `$1${REDACTED}`)
    .replace(ENCODED_QUERY_PARAM, param)
    .replace(QUERY_PARAM, (match: string, before: string, name: string) => param(match, before, name, '='));
}

/**
 * The one place secrets are kept out of the logs: every line on its way to the destination, whatever wrote it —
 * request and websocket upgrade lines, error messages and stacks, a library's own text, a route added later.
 */
export function redactingDestination(destination: DestinationStream): DestinationStream {
  return { write: (line: string) => destination.write(redactSecrets(line)) };
}
