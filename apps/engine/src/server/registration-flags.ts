import {
  ENGINE_CONTROL_KEY_ENV,
  ENGINE_FETCH_ALLOW_ENV,
  ENGINE_FILES_URL_ENV,
  ENGINE_SIGNALLING_KEY_ENV,
  fetchAllowSchema,
  ENGINE_SIGNALLING_URL_ENV,
  engineRegistrationSchema,
} from '@autostudio/protocol';
import type { FetchPolicy } from '../scene/engine-fetch.js';
import type { RegistrationOptions } from './registration.js';

/** The command-line flags of self-registration, shared by the engine's CLI and its test CLI. */
export const REGISTRATION_FLAGS = {
  /** Server base URLs to register with, comma separated. */
  register: { type: 'string' },
  /** host:port the servers reach this engine at; default the bound host and port. */
  advertise: { type: 'string' },
  /** The engine's name on the signalling server and in the pool; default `engine-<port>`. */
  'streamer-id': { type: 'string' },
  /** The server's address for engine downloads (its signed file links); default the --register servers. */
  'files-url': { type: 'string' },
  /** Further hosts Download File and the image imports may fetch from: host, host:port or *.domain. */
  'fetch-allow': { type: 'string' },
} as const;

/** The environment variable holding the servers' registration key: a secret, so not a flag that `ps` shows. */
export const REGISTRATION_KEY_ENV = 'ENGINE_REGISTRATION_KEY';

type FlagValues = Record<string, string | boolean | undefined>;

const text = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** What to register, or null without `--register`; throws with a clear message on a bad combination. */
export function registrationFromFlags(
  values: FlagValues,
  bound: { host: string; port: number },
  env: NodeJS.ProcessEnv,
): Omit<RegistrationOptions, 'onError' | 'onRegistered'> | null {
  const servers = text(values.register)
    ?.split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  if (!servers || servers.length === 0) return null;
  const key = env[REGISTRATION_KEY_ENV];
  if (!key) throw new Error(`--register needs the servers' key in ${REGISTRATION_KEY_ENV}`);
  const host = bound.host === '0.0.0.0' || bound.host === '::' ? undefined : bound.host;
  const instanceId = text(values.advertise) ?? (host ? `${host}:${bound.port}` : undefined);
  if (!instanceId) throw new Error(`--advertise host:port is required when the engine listens on ${bound.host}`);
  const registration = engineRegistrationSchema.parse({
    instanceId,
    streamerId: text(values['streamer-id']) ?? `engine-${bound.port}`,
  });
  return { servers, key, registration };
}

/**
 * The key the pooling server presents to the control routes: the one it handed over, else the registration key
 * (which every server of the pool knows), else none (loopback callers only).
 */
export function controlKeyFrom(env: NodeJS.ProcessEnv): string | undefined {
  return env[ENGINE_CONTROL_KEY_ENV] ?? (env[REGISTRATION_KEY_ENV] || undefined);
}

/**
 * The signalling URL with its streamer key: `--signalling-url` names the address, the key comes from the environment
 * (ENGINE_SIGNALLING_KEY, or the whole URL in ENGINE_SIGNALLING_URL). A key on the command line is refused, since
 * every local user can read it there and stream in the engine's place.
 */
export function signallingUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (flag !== undefined && URL.canParse(flag) && new URL(flag).searchParams.has('key')) {
    throw new Error(
      `--signalling-url must not carry the key (the command line is visible to every local user): put the key in ${ENGINE_SIGNALLING_KEY_ENV}`,
    );
  }
  const text = flag ?? (env[ENGINE_SIGNALLING_URL_ENV] || undefined);
  const key = env[ENGINE_SIGNALLING_KEY_ENV];
  if (text === undefined || !key || !URL.canParse(text)) return text;
  const url = new URL(text);
  if (!url.searchParams.has('key')) url.searchParams.set('key', key);
  return url.toString();
}

/**
 * What the engine may fetch: the server's signed file links at --files-url (ENGINE_FILES_URL, else the servers it
 * registers with) and the hosts of --fetch-allow (ENGINE_FETCH_ALLOW). Nothing else, whatever a caller asks.
 */
export function fetchPolicyFrom(values: FlagValues, env: NodeJS.ProcessEnv): FetchPolicy {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  const filesUrls = list(text(values['files-url']) ?? text(env[ENGINE_FILES_URL_ENV]) ?? text(values.register));
  for (const url of filesUrls) {
    if (!URL.canParse(url)) throw new Error(`--files-url: ${url} is not a URL`);
  }
  const allowed = fetchAllowSchema.safeParse(text(values['fetch-allow']) ?? env[ENGINE_FETCH_ALLOW_ENV] ?? '');
  if (!allowed.success) throw new Error('--fetch-allow: each entry must be host, host:port or *.domain');
  return { filesUrls, allow: allowed.data };
}
