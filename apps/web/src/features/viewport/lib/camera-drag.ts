import type { EngineParams } from '@autostudio/protocol';

/** The crane rig's move, as `CameraRigCraneControll` takes it (degrees, degrees, engine units). */
export type CraneDelta = EngineParams<'CameraRigCraneControll'>;

/**
 * How far the camera turns per pixel dragged and per wheel unit. A drag across a 1280-pixel viewport turns the car
 * about 320°; a wheel notch (about 100 units) moves the arm 50 units of its 250–1500 range.
 */
export const DRAG_SENSITIVITY = { yawPerPixel: 0.25, pitchPerPixel: 0.2, armPerWheelUnit: 0.5 } as const;

/**
 * Turns pointer drags and wheel turns into crane moves with at most one call in flight: deltas that arrive while
 * a call is on its way are added up and sent as one when it returns. A slow engine then gets fewer, larger moves
 * instead of a queue that keeps the camera moving after the user stopped.
 */
export class CameraDrag {
  private pending: CraneDelta = { deltaYaw: 0, deltaPitch: 0, deltaArm: 0 };
  private inFlight: Promise<void> | null = null;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly moveCrane: (delta: CraneDelta) => Promise<unknown>) {}

  /** A pointer moved by (dx, dy) pixels while held: dragging right turns the car right, dragging up looks lower. */
  drag(dx: number, dy: number): void {
    this.add({ deltaYaw: -dx * DRAG_SENSITIVITY.yawPerPixel, deltaPitch: dy * DRAG_SENSITIVITY.pitchPerPixel });
  }

  /** A wheel turn: positive (towards the user) pulls the camera back. */
  wheel(deltaY: number): void {
    this.add({ deltaArm: deltaY * DRAG_SENSITIVITY.armPerWheelUnit });
  }

  add(delta: Partial<CraneDelta>): void {
    this.pending = {
      deltaYaw: this.pending.deltaYaw + (delta.deltaYaw ?? 0),
      deltaPitch: this.pending.deltaPitch + (delta.deltaPitch ?? 0),
      deltaArm: this.pending.deltaArm + (delta.deltaArm ?? 0),
    };
    this.flush();
  }

  /** Resolves once every delta so far has reached the engine (or failed). */
  idle(): Promise<void> {
    if (!this.inFlight && isZero(this.pending)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private flush(): void {
    if (this.inFlight) return;
    if (isZero(this.pending)) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    const delta = this.pending;
    this.pending = { deltaYaw: 0, deltaPitch: 0, deltaArm: 0 };
    this.inFlight = this.moveCrane(delta)
      .then(
        () => undefined,
        // Rig failures are only logged (spec §8); the next drag starts from wherever the engine is.
        (error: unknown) => console.warn('the camera rig move failed', error),
      )
      .finally(() => {
        this.inFlight = null;
        this.flush();
      });
  }
}

function isZero(delta: CraneDelta): boolean {
  return delta.deltaYaw === 0 && delta.deltaPitch === 0 && delta.deltaArm === 0;
}
