/** One step of idle refinement, and how long to wait before it. */
export interface RefinementStep {
  delayMs: number;
  /**
   * Draws one sample or tile. A step that returns a promise (a library still loading) resumes refinement when it
   * fulfils; one that rejects ends refinement, and its error is logged.
   */
  run(): void | Promise<void>;
}

/**
 * When idle refinement runs: each step in its own macrotask, so that a new call (a drag) interrupts it at once,
 * and never a step of a state that has since been replaced. What a step draws is the page's to decide (`next`).
 */
export class RefinementScheduler {
  /** Bumped by every new state and every still: a step of an older generation is dropped. */
  private current = 0;
  private stepTimer: number | null = null;
  private settleTimer: number | null = null;

  /** `next`: the next step for the state on show, or null when refinement is done or must wait. */
  constructor(private readonly next: () => RefinementStep | null) {}

  get generation(): number {
    return this.current;
  }

  /** Whether no step is waiting to run. */
  get idle(): boolean {
    return this.stepTimer === null;
  }

  /** A new state (or a still) takes over: waiting steps are dropped. Returns the new generation. */
  restart(): number {
    this.stop();
    this.current += 1;
    return this.current;
  }

  /** Refines from now on, step after step, until `next` has no more. */
  resume(): void {
    this.schedule(this.current);
  }

  /** Refines after a pause, unless a new state arrives first (a drag that holds still for a moment). */
  resumeAfter(ms: number): void {
    const generation = this.current;
    this.settleTimer = window.setTimeout(() => {
      this.settleTimer = null;
      if (generation === this.current) this.schedule(generation);
    }, ms);
  }

  stop(): void {
    if (this.stepTimer !== null) window.clearTimeout(this.stepTimer);
    if (this.settleTimer !== null) window.clearTimeout(this.settleTimer);
    this.stepTimer = null;
    this.settleTimer = null;
  }

  private schedule(generation: number): void {
    const step = this.next();
    if (!step) return;
    this.stepTimer = window.setTimeout(() => {
      this.stepTimer = null;
      if (generation !== this.current) return;
      const pending = step.run();
      if (!pending) {
        this.schedule(generation);
        return;
      }
      pending.then(
        () => {
          if (generation === this.current && this.stepTimer === null) this.schedule(generation);
        },
        (error: unknown) => console.error(error instanceof Error ? error.message : String(error)),
      );
    }, step.delayMs);
  }
}
