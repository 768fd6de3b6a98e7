import type { EngineGlobal } from '../../contract/render-contract.js';

/** A production image's progress, reported to Node after each sample; a cancelled image stops there. */
export class ImageProgress {
  private done = 0;

  constructor(
    private readonly id: string,
    private readonly cancelled: () => boolean,
  ) {}

  check(): void {
    if (this.cancelled()) throw new Error(`Render ${this.id} was cancelled`);
  }

  /** One more sample: reports it, then lets the page's other tasks run (a cancel from Node among them). */
  async step(): Promise<void> {
    this.done += 1;
    void (globalThis as EngineGlobal).autostudioRenderProgress?.(this.id, this.done).catch(() => undefined);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    this.check();
  }
}
