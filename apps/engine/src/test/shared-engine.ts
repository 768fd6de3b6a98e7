import { rmSync } from 'node:fs';
import path from 'node:path';
import { ChromiumRenderer } from '../renderer/chromium-renderer.js';
import { startTestEngine, type TestEngine } from './test-engine.js';

/**
 * The engines the pixel suites share: 320×180 to judge a picture, 160×90 where a picture only has to differ, and
 * the path-tracing suite's own 160×90 engine (`--path-tracing auto`), which the suite switches to path trace when idle.
 */
export type SharedEngineKind = { width: 320; height: 180 } | { width: 160; height: 90; pathTracing?: 'auto' };

/** A shared engine: a test engine over Chromium, whose `close()` only gives it back. */
export type SharedEngine = TestEngine<ChromiumRenderer>;

/**
 * The path-tracing suite's engine. On a CPU its first path-traced still compiles the tracer's shader (a minute and
 * more of one core), and the suite then switches it to path trace when idle with the tracer already compiled: the
 * shader compiles once in the tier, not once for stills and again for an engine started with `--path-tracing on`.
 */
export const PATH_TRACING_ENGINE = { width: 160, height: 90, pathTracing: 'auto' } as const satisfies SharedEngineKind;

const engines = new Map<string, Promise<SharedEngine>>();

const keyOf = (kind: SharedEngineKind) =>
  `${kind.width}x${kind.height}${'pathTracing' in kind && kind.pathTracing ? `-path-tracing-${kind.pathTracing}` : ''}`;

/** Starts the engine of this kind once per process; a start that failed is tried again by the next caller. */
function startShared(kind: SharedEngineKind): Promise<SharedEngine> {
  const pathTracing = 'pathTracing' in kind ? kind.pathTracing : undefined;
  const size = { width: kind.width, height: kind.height };
  const key = keyOf(kind);
  let starting = engines.get(key);
  if (!starting) {
    starting = startTestEngine({
      createRenderer: (dataDir) => new ChromiumRenderer({ ...size, dataDir, pathTracing }),
      ...size,
      pathTracing,
      fetchPolicy: { filesUrls: [], allow: ['127.0.0.1'] },
    });
    engines.set(key, starting);
    starting.then(
      // Playwright stops its browsers when the process exits; the data folder is ours to remove.
      (t) => process.once('exit', () => rmSync(path.dirname(t.dataDir), { recursive: true, force: true })),
      () => engines.delete(key),
    );
  }
  return starting;
}

/**
 * Begins starting the path-tracing suite's engine without waiting for it (the tier's setup file calls this before its
 * first file): its 13–16 s start overlaps the suites before it rather than opening its own.
 */
export function warmSharedEngines(): void {
  // A failed start is reported to the suite that takes the engine: it starts it again and fails with the cause.
  startShared(PATH_TRACING_ENGINE).catch(() => undefined);
}

/**
 * Stops an engine that no later file takes: the path-tracing engine serves one suite, and left running it kept its
 * Chromium (half a gigabyte) through the rest of the tier.
 */
export async function closeSharedEngine(kind: SharedEngineKind): Promise<void> {
  const key = keyOf(kind);
  const starting = engines.get(key);
  engines.delete(key);
  await (await starting?.catch(() => undefined))?.close();
}

/**
 * A Chromium engine shared by the test files of one process (the engine-integration tier runs its files in one
 * process, `isolate: false`), as a deployment shares an engine between users: each file takes it reset, as the
 * server resets a session's engine before the next user gets it. Starting one costs 13–16 s of two busy cores,
 * and a dozen files used to start their own. It may fetch from loopback, where the tests' model and image servers
 * listen (an operator would have to list it). Its `close()` only gives it back: the engine goes with the process.
 */
export async function takeSharedEngine(kind: SharedEngineKind): Promise<SharedEngine> {
  const engine = await startShared(kind);
  await engine.engine.scene.reset();
  // A reset keeps the last stream player's viewport; a file that streamed must not leave the next one its size.
  await engine.engine.scene.resizeViewport(kind.width, kind.height);
  return { ...engine, close: async () => {} };
}
