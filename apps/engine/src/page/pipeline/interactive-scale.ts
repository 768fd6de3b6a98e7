/**
 * Interactive frames (a drag, the first frame of a change) aim to be drawn within this time. The stream's encoder and
 * the page share the host's cores, so a frame drawn in 32 ms streams at about 22 frames a second on two cores: aimed
 * at 40 ms, drags streamed at 19.1 and 19.4 frames/s in `bench/stream-bench.mjs` (15 s drags), at 32 ms with the
 * smaller floor below at 21.5 and 22.7, in the same hour.
 */
export const INTERACTIVE_BUDGET_MS = 32;
/**
 * The fraction of the viewport's size interactive frames are drawn at. Below `min` the picture falls apart into
 * blocks (at 0.2 a 640×360 viewport draws 128×72: each pixel five wide on screen; SMAA before the upscale keeps 0.25's
 * edges as slopes) for little time saved: a drag's frame costs about 34 ms at 0.3 and 29 ms at 0.2 on two cores
 * (the car's triangles and shading, SMAA and the upscale, each a share that shrinks less than the pixels do). On
 * such a host the scale sits at `min`; a GPU host ends at `max`, above which a drag gains little a user would see.
 */
export const INTERACTIVE_SCALE = { min: 0.25, max: 0.6, initial: 0.4 } as const;
/** Scales change in steps this large, so a frame time that wavers does not resize the render targets every frame. */
const STEP = 0.05;

/**
 * Holds interactive frames to the budget, as a game's dynamic resolution does: after each frame the scale moves
 * towards the size whose frame time meets the budget (frame time follows the pixel count, the square of the scale).
 * A GPU host ends at the largest scale, a CPU host at what it can afford.
 */
export class InteractiveScale {
  private current: number = INTERACTIVE_SCALE.initial;

  get value(): number {
    return this.current;
  }

  /** Takes in the time the last interactive frame took to draw. */
  record(frameMs: number): void {
    let next = this.current;
    if (frameMs > INTERACTIVE_BUDGET_MS * 1.1) next = this.current * Math.sqrt(INTERACTIVE_BUDGET_MS / frameMs);
    else if (frameMs < INTERACTIVE_BUDGET_MS * 0.7) next = this.current + STEP;
    const stepped = Math.round(next / STEP) * STEP;
    // A frame just over budget still moves down a step rather than rounding back to where it was.
    const moved = stepped === this.current && next < this.current ? this.current - STEP : stepped;
    this.current = Math.min(INTERACTIVE_SCALE.max, Math.max(INTERACTIVE_SCALE.min, Number(moved.toFixed(2))));
  }
}
