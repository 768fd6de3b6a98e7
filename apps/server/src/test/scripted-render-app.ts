import { ScriptedRenderRunner } from './scripted-render-runner.js';
import { startTestApp, type TestApp } from './test-app.js';
import type { TestDatabase } from './test-databases.js';

/**
 * A whole server whose render workers run a scripted runner instead of engines: one worker polling every 50 ms
 * unless `render` says otherwise (`workers: 0` leaves the queue to the test, or to another process).
 */
export async function startScriptedRenderApp(
  database: TestDatabase,
  render: Partial<TestApp['config']['render']> = {},
): Promise<{ t: TestApp; runner: ScriptedRenderRunner }> {
  const runner = new ScriptedRenderRunner();
  const t = await startTestApp(
    database,
    {
      render: {
        workers: 1,
        leaseMs: 30_000,
        maxAttempts: 3,
        pollMs: 50,
        engines: 0,
        engineInstances: [],
        ffmpegPath: 'ffmpeg',
        ...render,
      },
    },
    { renderRunner: runner },
  );
  return { t, runner };
}
