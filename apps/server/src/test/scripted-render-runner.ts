import { Readable } from 'node:stream';
import type {
  RenderContext,
  RenderJobWork,
  RenderRunner,
  StoredRenderOutput,
} from '../modules/render/render-runner.js';

/** One run of the scripted runner, driven by the test. */
export interface ScriptedRun {
  job: RenderJobWork;
  context: RenderContext;
  /** Resolves with the abort reason when the worker aborts the run. */
  aborted: Promise<unknown>;
  progress(value: number, message?: string): void;
  /** Stores a file as an output of the run (a partial output until finish). */
  write(name: string, content: string, kind?: string): Promise<StoredRenderOutput>;
  finish(outputs?: StoredRenderOutput[]): void;
  fail(error: Error): void;
}

/**
 * A RenderRunner the test drives: each run waits until the test finishes or fails it, and rejects when the worker
 * aborts it (as a real runner stops its engine). `nextRun()` resolves when a worker starts the next run.
 */
export class ScriptedRenderRunner implements RenderRunner {
  readonly runs: ScriptedRun[] = [];
  private waiting: ((run: ScriptedRun) => void)[] = [];
  private unclaimed: ScriptedRun[] = [];

  run(job: RenderJobWork, context: RenderContext): Promise<StoredRenderOutput[]> {
    return new Promise((resolve, reject) => {
      const aborted = new Promise<unknown>((resolveAbort) => {
        const onAbort = () => {
          resolveAbort(context.signal.reason);
          reject(context.signal.reason instanceof Error ? context.signal.reason : new Error('aborted'));
        };
        if (context.signal.aborted) onAbort();
        else context.signal.addEventListener('abort', onAbort, { once: true });
      });
      const run: ScriptedRun = {
        job,
        context,
        aborted,
        progress: (value, message) => context.onProgress(value, message),
        write: (name, content, kind = 'image') =>
          context.writeOutput({ name, kind, contentType: 'image/png', body: Readable.from([Buffer.from(content)]) }),
        finish: (outputs = []) => resolve(outputs),
        fail: (error) => reject(error),
      };
      this.runs.push(run);
      const waiter = this.waiting.shift();
      if (waiter) waiter(run);
      else this.unclaimed.push(run);
    });
  }

  /** The next run a worker starts (or one started already that no test took yet). */
  nextRun(timeoutMs = 10_000): Promise<ScriptedRun> {
    const ready = this.unclaimed.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no render run started')), timeoutMs);
      this.waiting.push((run) => {
        clearTimeout(timer);
        resolve(run);
      });
    });
  }
}
