import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENGINE_WEBRTC_ADDRESSES_ENV } from '@autostudio/protocol';
import { pino } from 'pino';
import { z } from 'zod';
import { startEngine } from './engine.js';
import type { ChromiumRendererOptions } from './renderer/chromium-renderer.js';
import type { Renderer } from './contract/renderer.js';
import { PATH_TRACING_MODES } from './contract/render-contract.js';
import { startRegistration, type Registration } from './server/registration.js';
import {
  controlKeyFrom,
  fetchPolicyFrom,
  REGISTRATION_FLAGS,
  registrationFromFlags,
  signallingUrlFrom,
} from './server/registration-flags.js';

/**
 * `npm run engine -- --port 30010`: starts the renderer (and its first frame), then the Remote Control API. Ready
 * when GET /remote/info answers.
 */
const flagsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1),
  'data-dir': z.string().min(1),
  width: z.coerce.number().int().min(16).max(7680),
  height: z.coerce.number().int().min(16).max(4320),
  'signalling-url': z.url({ protocol: /^wss?$/ }).optional(),
  'path-tracing': z.enum(PATH_TRACING_MODES),
  'idle-refinement': z.enum(['on', 'off']),
  'cache-dir': z.string().min(1).optional(),
  'webrtc-address': z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
});

// LOG_LEVEL as the server reads it; an engine whose stdout nobody drains (a test runner's pipe) must stay quiet.
const log = pino({ name: 'engine', level: process.env.LOG_LEVEL ?? 'info' });

/**
 * The Chromium renderer is built alongside this module; it is imported lazily so that the Remote Control side and
 * its tests run without a browser, and so that a checkout without it fails with a clear message.
 */
async function loadChromiumRenderer(options: ChromiumRendererOptions): Promise<Renderer> {
  const specifier = './renderer/chromium-renderer.js';
  let module: { ChromiumRenderer?: new (options: ChromiumRendererOptions) => Renderer };
  try {
    module = (await import(specifier)) as typeof module;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error(
        'The Chromium renderer (apps/engine/src/renderer/chromium-renderer.ts) is not in this build yet; the engine cannot start without it.',
      );
    }
    throw error;
  }
  if (!module.ChromiumRenderer) throw new Error('renderer/chromium-renderer.js does not export ChromiumRenderer');
  return new module.ChromiumRenderer(options);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '30010' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string', default: 'data/engine' },
      width: { type: 'string', default: '1280' },
      height: { type: 'string', default: '720' },
      'path-tracing': { type: 'string', default: 'auto' },
      // Off for a render engine: nobody watches its viewport (see PageOptions.idleRefinement).
      'idle-refinement': { type: 'string', default: 'on' },
      // Where the page keeps what it computes the same at every start (the studio's reflection map), shared by the
      // machine's engines: the user's cache folder unless given; `off` keeps nothing.
      'cache-dir': { type: 'string' },
      // Pixel Streaming: where to announce the stream (the key comes from the environment, see signallingUrlFrom);
      // the stream's id is --streamer-id (a registration flag too, as the pool knows the engine by it).
      'signalling-url': { type: 'string' },
      // Addresses besides loopback whose ICE candidates players may be told (the host's public address), comma
      // separated; a TURN server comes from the signalling's configuration instead. See docs/deploy.md.
      'webrtc-address': { type: 'string' },
      // For a server that starts engines as its children (ENGINE_PROVIDER=local): see watchParent.
      'exit-with-parent': { type: 'boolean', default: false },
      ...REGISTRATION_FLAGS,
    },
    strict: true,
  });
  let stop: ((reason: string) => void) | null = null;
  if (values['exit-with-parent']) watchParent(() => (stop ? stop('parent exited') : process.exit(0)));
  const flags = flagsSchema.parse({
    ...values,
    'signalling-url': signallingUrlFrom(values['signalling-url'], process.env),
    'webrtc-address': values['webrtc-address'] ?? process.env[ENGINE_WEBRTC_ADDRESSES_ENV] ?? '',
  });
  const dataDir = path.resolve(flags['data-dir']);
  const signallingUrl = flags['signalling-url'];
  const renderer = await loadChromiumRenderer({
    width: flags.width,
    height: flags.height,
    dataDir,
    pathTracing: flags['path-tracing'],
    idleRefinement: flags['idle-refinement'] === 'on',
    ...(flags['cache-dir'] ? { cacheDir: flags['cache-dir'] === 'off' ? null : path.resolve(flags['cache-dir']) } : {}),
    onCapabilities: (capabilities) => log.info(capabilities, 'renderer'),
    onPageMessage: (level, text) => log[level]({ page: true }, text),
    ...(signallingUrl
      ? {
          streaming: {
            url: signallingUrl,
            streamerId: values['streamer-id'] ?? `engine-${flags.port}`,
            candidateAddresses: flags['webrtc-address'],
          },
        }
      : {}),
  });
  const engine = await startEngine({
    renderer,
    dataDir,
    port: flags.port,
    host: flags.host,
    width: flags.width,
    height: flags.height,
    pathTracing: flags['path-tracing'],
    controlKey: controlKeyFrom(process.env),
    fetchPolicy: fetchPolicyFrom(values, process.env),
    onRequest: (entry) => log.info(entry, 'request'),
  });
  log.info({ url: `http://${flags.host}:${engine.port}/remote/info`, dataDir }, 'engine ready');
  const joining = registrationFromFlags(values, { host: flags.host, port: engine.port }, process.env);
  const registration: Registration | null = joining
    ? startRegistration({
        ...joining,
        onRegistered: (server) => log.info({ server, ...joining.registration }, 'registered with the server'),
        onError: (server, message) => log.warn({ server, message }, 'registration failed; retrying'),
      })
    : null;

  let closing = false;
  const stopEngine = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'engine stopping');
    // Leave the pools first, so no server lends this engine while it goes away.
    (registration?.stop() ?? Promise.resolve())
      .then(() => engine.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'engine did not stop cleanly');
          process.exit(1);
        },
      );
  };
  stop = stopEngine;
  process.on('SIGINT', () => stopEngine('SIGINT'));
  process.on('SIGTERM', () => stopEngine('SIGTERM'));
}

/**
 * Stops the engine when the process that started it is gone. The parent holds the other end of our stdin; however it
 * ends (even SIGKILL, which gives it no chance to stop its children), the pipe closes and stdin ends. Without this an
 * engine and its Chromium outlived a killed server, holding half a gigabyte and a core each.
 */
function watchParent(onGone: () => void): void {
  process.stdin.on('data', () => undefined);
  process.stdin.once('end', onGone);
  process.stdin.once('error', onGone);
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
