/**
 * One frame waiting to be drawn, of whatever state is newest when the page gets to it: requests made while a frame
 * is drawn or waiting fold into the next one, so frames never queue up behind each other. A draw may finish later
 * (it returns a promise): requests made meanwhile wait for it, so at most one frame is on the GPU at a time.
 */
export class LatestFrame {
  private timer: number | null = null;
  private drawing = false;
  private again = false;

  constructor(private readonly draw: () => Promise<void> | void) {}

  get pending(): boolean {
    return this.timer !== null || this.drawing || this.again;
  }

  /** Draws in its own task, after the calls already waiting (the newest state of a drag) have been taken in. */
  request(): void {
    if (this.drawing) {
      this.again = true;
      return;
    }
    if (this.timer !== null) return;
    this.timer = window.setTimeout(() => {
      this.timer = null;
      this.run();
    }, 0);
  }

  /** Drops a frame not yet begun; one already on the GPU finishes, and nothing follows it. */
  cancel(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
  }

  private run(): void {
    const finished = this.draw();
    if (!finished) return;
    this.drawing = true;
    void finished.finally(() => {
      this.drawing = false;
      if (!this.again) return;
      this.again = false;
      this.request();
    });
  }
}
