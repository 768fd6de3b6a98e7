/**
 * One frame waiting to be drawn, of whatever state is newest when the page gets to it: requests made while a frame
 * is drawn or waiting fold into the next one, so frames never queue up behind each other.
 */
export class LatestFrame {
  private timer: number | null = null;

  constructor(private readonly draw: () => void) {}

  get pending(): boolean {
    return this.timer !== null;
  }

  /** Draws in its own task, after the calls already waiting (the newest state of a drag) have been taken in. */
  request(): void {
    if (this.timer !== null) return;
    this.timer = window.setTimeout(() => {
      this.timer = null;
      this.draw();
    }, 0);
  }

  cancel(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
  }
}
