import { z } from 'zod';

/**
 * How engines join the pool on their own (ENGINE_PROVIDER=register) and how the server talks to an engine outside
 * Unreal's Remote Control API. Both sides import these, so a path or a field is written once.
 */

/** Registration routes, under the API base; engines authenticate with `Authorization: Bearer <registration key>`. */
export const ENGINE_REGISTRATION_ROUTES = {
  register: '/engines/register',
  heartbeat: '/engines/heartbeat',
  deregister: '/engines/deregister',
} as const;

/**
 * The reference engine's control routes. They live outside `/remote/`, so the remote-control relay (which forwards
 * only `/remote/` routes for users) can never reach them; the engine answers them only to its control key, or to
 * loopback callers when it was started without one.
 */
export const ENGINE_CONTROL_ROUTES = {
  /** POST: back to the default scene without restarting the process. */
  reset: '/autostudio/reset',
} as const;

/** The environment variable that hands an engine its control key (an environment variable, so `ps` does not show it). */
export const ENGINE_CONTROL_KEY_ENV = 'AUTOSTUDIO_ENGINE_CONTROL_KEY';

/**
 * Where an engine announces its stream, with the streamer key (`?key=`): an environment variable, as the key lets its
 * holder stream as an engine. `--signalling-url` may name the address without the key, which then comes from
 * ENGINE_SIGNALLING_KEY_ENV.
 */
export const ENGINE_SIGNALLING_URL_ENV = 'ENGINE_SIGNALLING_URL';
export const ENGINE_SIGNALLING_KEY_ENV = 'ENGINE_SIGNALLING_KEY';
/** The server's address for engines' file downloads (its signed file links), which engines may always fetch. */
export const ENGINE_FILES_URL_ENV = 'ENGINE_FILES_URL';
/** Further hosts engines may fetch from, comma separated (`host`, `host:port` or `*.domain`). */
export const ENGINE_FETCH_ALLOW_ENV = 'ENGINE_FETCH_ALLOW';
/**
 * Addresses besides loopback whose ICE candidates an engine's players may be told (the host's public address), comma
 * separated; the engine's `--webrtc-address`, which the server's local engines get from its own setting of this name.
 */
export const ENGINE_WEBRTC_ADDRESSES_ENV = 'ENGINE_WEBRTC_ADDRESSES';

const fetchAllowEntry = /^(?:(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** The allow-list as a setting writes it: comma separated, blanks ignored, lower case. */
export const fetchAllowSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(fetchAllowEntry, 'each entry must be host, host:port or *.domain')));

/** The one answer to an engine fetch that was refused or failed: nothing about the address, status or size. */
export const ENGINE_FETCH_REFUSED = 'The engine cannot fetch this address';

/** The answer to an image import whose image was fetched but is none the engine can decode, by what it was for. */
export const ENGINE_IMAGE_UNDECODABLE = {
  backplate: 'The backplate image could not be decoded',
  hdri: 'The HDRI image could not be decoded',
  guide: 'The composition guide image could not be decoded',
} as const;

/** host:port, as engines and the spec's instanceId name a Remote Control API. */
const hostPort = z
  .string()
  .trim()
  .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')
  .refine((value) => Number(value.split(':').at(-1)) <= 65535, 'port must be 65535 or lower');
const streamerId = z
  .string()
  .trim()
  .regex(/^[\w.-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, dashes or underscores');

export const engineRegistrationSchema = z.object({
  /** Where the server reaches the engine's Remote Control API. */
  instanceId: hostPort,
  /** The engine's name on the signalling server; it also names the engine in the pool. */
  streamerId,
});
export type EngineRegistration = z.infer<typeof engineRegistrationSchema>;

export const engineRegistrationResponseSchema = z.object({
  engineId: z.string(),
  /** Send a heartbeat at least this often. */
  heartbeatSeconds: z.number().int().positive(),
  /** Without a heartbeat for this long the engine leaves the pool and a session on it turns to Error. */
  expiresInSeconds: z.number().int().positive(),
});
export type EngineRegistrationResponse = z.infer<typeof engineRegistrationResponseSchema>;

export const engineIdBodySchema = z.object({ engineId: streamerId });

export const ENGINE_REGISTRATION_MESSAGES = {
  missingKey: 'An engine registration key is required (Authorization: Bearer <key>)',
  wrongKey: 'The engine registration key is not valid',
  notEnabled: 'Engine self-registration is not enabled on this server (ENGINE_PROVIDER=register)',
  unknownEngine: 'This engine is not registered (or its registration expired): register again',
  streamerTaken: (id: string) => `Another engine is registered as ${id}`,
} as const;

/** The car that comes with Autostudio (the reference engine's built-in model), seeded as an asset model. */
export const BUILT_IN_PRODUCT = {
  /** Stable across servers and restarts, so seeding is idempotent. */
  modelId: 'built-in-terra',
  name: 'Terra',
  brand: 'Autostudio',
  category: 'SUV',
  type: 'Car',
  description: 'The built-in Autostudio SUV with three trims.',
  trims: ['Terra Base', 'Terra Limited', 'Terra Wilderness'],
} as const;
