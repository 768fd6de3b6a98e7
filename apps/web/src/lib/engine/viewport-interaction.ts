import { DELAYS } from '@autostudio/protocol';

/** Spec §3 "Viewport interaction": isHolding, isManualMode, resetTimeoutId. */
export interface ViewportInteractionState {
  isHolding: boolean;
  isManualMode: boolean;
  resetTimeoutId: number | null;
}

export interface InteractionRequest {
  isHolding: boolean;
  /** Release after the reset debounce instead of staying where the user left it (camera rig edits ask for this). */
  resetRequested?: boolean;
  /** Applies even when switchToPathTraceOnIdle is off (the render control actions). */
  force?: boolean;
}

/** Timers, injectable so that tests can drive the debounce; ids are numbers as in the browser. */
export interface InteractionTimers {
  set(callback: () => void, ms: number): number;
  clear(id: number): void;
}

export interface ViewportInteractionOptions {
  /** `updateViewPortInteraction {isHolding}` on the engine's camera. */
  setHolding: (isHolding: boolean) => Promise<unknown>;
  /** The car config flag switchToPathTraceOnIdle, read at the moment of each request. */
  switchToPathTraceOnIdle: () => boolean;
  /** Cancelling a pending reset triggers a refresh (spec §4). */
  onRefresh?: () => void;
  timers?: InteractionTimers;
  resetDelayMs?: number;
}

const browserTimers: InteractionTimers = {
  set: (callback, ms) => window.setTimeout(callback, ms),
  clear: (id) => window.clearTimeout(id),
};

/**
 * Interactive versus refined rendering of the viewport, by the rules of spec §4 "Viewport interaction". Engine
 * failures here are only logged: the user sees nothing (spec §8).
 */
export class ViewportInteraction {
  private readonly current: ViewportInteractionState = { isHolding: false, isManualMode: false, resetTimeoutId: null };
  private readonly timers: InteractionTimers;
  private readonly resetDelayMs: number;

  constructor(private readonly options: ViewportInteractionOptions) {
    this.timers = options.timers ?? browserTimers;
    this.resetDelayMs = options.resetDelayMs ?? DELAYS.viewportResetDebounceMs;
  }

  get state(): Readonly<ViewportInteractionState> {
    return { ...this.current };
  }

  update({ isHolding, resetRequested = false, force = false }: InteractionRequest): void {
    const onIdle = this.options.switchToPathTraceOnIdle();
    if (!onIdle && !force && !isHolding) return;
    if (isHolding) {
      // A pending reset would otherwise release the engine in the middle of this hold.
      this.cancelReset();
      if (!resetRequested) this.current.isManualMode = true;
      // The engine is already interactive while a hold lasts: every wheel notch must not repeat the call.
      if (!this.current.isHolding) this.send(true);
      this.current.isHolding = true;
      return;
    }
    if (onIdle && resetRequested) {
      this.current.isManualMode = false;
      const id = this.timers.set(() => this.resetFired(id), this.resetDelayMs);
      this.current.resetTimeoutId = id;
      return;
    }
    this.current.isManualMode = true;
    this.current.isHolding = false;
    this.send(false);
  }

  /** Camera rig edits first start a hold with a reset (spec §4). */
  beginRigEdit(): void {
    this.update({ isHolding: true, resetRequested: true });
  }

  endRigEdit(): void {
    this.update({ isHolding: false, resetRequested: true });
  }

  /** Render control actions: renderPreview holds the cheap preview, renderPathTracing releases to refinement. */
  renderPreview(): void {
    this.update({ isHolding: true, force: true });
  }

  renderPathTracing(): void {
    this.update({ isHolding: false, force: true });
  }

  cancelReset(): void {
    const id = this.current.resetTimeoutId;
    if (id === null) return;
    this.timers.clear(id);
    this.current.resetTimeoutId = null;
    this.options.onRefresh?.();
  }

  dispose(): void {
    const id = this.current.resetTimeoutId;
    if (id !== null) this.timers.clear(id);
    this.current.resetTimeoutId = null;
  }

  private resetFired(id: number): void {
    if (this.current.isManualMode || this.current.resetTimeoutId !== id) return;
    this.current.resetTimeoutId = null;
    this.current.isHolding = false;
    this.send(false);
  }

  private send(isHolding: boolean): void {
    this.options.setHolding(isHolding).catch((error: unknown) => {
      console.warn('updateViewPortInteraction failed', error);
    });
  }
}
