import { rmSync } from 'node:fs';
import path from 'node:path';
import { ChromiumRenderer } from '../renderer/chromium-renderer.js';
import { startTestEngine, type TestEngine } from './test-engine.js';

/** The sizes the pixel suites draw at: 320×180 to judge a picture, 160×90 where a picture only has to differ. */
export type SharedEngineSize = { width: 320; height: 180 } | { width: 160; height: 90 };

/** A shared engine: a test engine over Chromium, whose `close()` only gives it back. */
export type SharedEngine = TestEngine<ChromiumRenderer>;

const engines = new Map<string, Promise<SharedEngine>>();

/**
 * A Chromium engine shared by the test files of one process (the engine-integration tier runs its files in one
 * process, `isolate: false`), as a deployment shares an engine between users: each file takes it reset, as the
 * server resets a session's engine before the next user gets it. Starting one costs 13–16 s of two busy cores,
 * and a dozen files used to start their own. It may fetch from loopback, where the tests' model and image servers
 * listen (an operator would have to list it). Its `close()` only gives it back: the engine goes with the process.
 */
export async function takeSharedEngine(size: SharedEngineSize): Promise<SharedEngine> {
  const key = `${size.width}x${size.height}`;
  let starting = engines.get(key);
  if (!starting) {
    starting = startTestEngine({
      createRenderer: (dataDir) => new ChromiumRenderer({ ...size, dataDir }),
      ...size,
      fetchPolicy: { filesUrls: [], allow: ['127.0.0.1'] },
    });
    engines.set(key, starting);
    starting.then(
      // Playwright stops its browsers when the process exits; the data folder is ours to remove.
      (t) => process.once('exit', () => rmSync(path.dirname(t.dataDir), { recursive: true, force: true })),
      () => engines.delete(key),
    );
  }
  const engine = await starting;
  await engine.engine.scene.reset();
  // A reset keeps the last stream player's viewport; a file that streamed must not leave the next one its size.
  await engine.engine.scene.resizeViewport(size.width, size.height);
  return { ...engine, close: async () => {} };
}
