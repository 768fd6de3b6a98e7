import type * as THREE from 'three';
import type { FrameInfo } from '../../contract/render-contract.js';
import type { SceneState } from '../../contract/scene-state.js';
import { drawLighter } from '../car/drag-detail.js';
import type { SceneDrawer } from '../drawing/scene-drawer.js';
import type { SharedOcclusion } from '../drawing/shared-occlusion.js';
import { Denoiser } from '../pipeline/denoiser.js';
import { frameFence } from '../pipeline/frame-fence.js';
import { InteractiveScale } from '../pipeline/interactive-scale.js';
import { LatestFrame } from '../pipeline/latest-frame.js';
import type { RefinementScheduler } from '../pipeline/refinement-scheduler.js';
import { ShadowUpdates } from '../pipeline/shadow-updates.js';

/** How long a hold may rest before the picture refines anyway (the web app keeps holding until its own reset). */
const SETTLE_MS = 300;
/**
 * How long a changed frame has to leave before refinement takes the GPU. The canvas capture reads the frame back
 * through the GPU (SwiftShader: the CPU), and a full-size sample sent straight after it holds the capture back by
 * the sample's whole time: measured at 640×360, a paint change reached the player at p50 265 ms with refinement at
 * once and 128 ms with this grace.
 */
const CAPTURE_GRACE_MS = 100;

/**
 * The picture in the canvas: the state on show, its quick frames at the interactive size, the samples and traced
 * averages that refine it, each handed to the stream (`onFrame`) once shown. What refines it, and when, is the
 * refinement's to decide (idle-refinement.ts).
 */
export class Viewport {
  private current: SceneState | null = null;
  private readonly quickFrame = new LatestFrame(() => this.drawHeldFrame());
  private readonly interactiveScale = new InteractiveScale();
  private readonly shadows: ShadowUpdates;
  private readonly denoiser: Denoiser;
  lastFrame: FrameInfo = { renderMs: 0, samples: 0, interactive: false, pathTraced: false };

  constructor(
    private readonly drawer: SceneDrawer,
    private readonly occlusion: SharedOcclusion,
    private readonly refinement: RefinementScheduler,
    private readonly onFrame: () => void,
  ) {
    this.shadows = new ShadowUpdates(drawer.renderer);
    this.denoiser = new Denoiser(drawer.renderer);
  }

  /** The state on show (the last one applied), or null before the first. */
  get state(): SceneState | null {
    return this.current;
  }

  /** Whether a held viewport's frame is still to be drawn or on the GPU. */
  get quickFramePending(): boolean {
    return this.quickFrame.pending;
  }

  /**
   * Shows a new state: a quick frame at the interactive size (feedback within a frame's time, not a full-size
   * sample's), then full-size refinement while idle. While the user holds the viewport the call does not wait for
   * its frame: frames are drawn back to back from the newest state, so a drag streams as fast as the page draws
   * rather than one frame per round trip.
   */
  async apply(state: SceneState): Promise<FrameInfo> {
    this.current = state;
    this.refinement.restart();
    const { renderer, stage } = this.drawer;
    const { width, height } = state.viewport;
    if (renderer.domElement.width !== width || renderer.domElement.height !== height)
      renderer.setSize(width, height, false);
    await stage.apply(state, { transparentBackground: false });
    await this.drawer.guide.load(state.camera.compositionImageUrl);
    this.shadows.follow(state);
    if (state.render.interactive) {
      this.quickFrame.request();
      return this.lastFrame;
    }
    this.quickFrame.cancel();
    const info = this.drawQuickFrame(state);
    this.refinement.resumeAfter(CAPTURE_GRACE_MS);
    return info;
  }

  /** Drops a held viewport's frame not yet begun: a still or a benchmark takes the renderer. */
  cancelQuickFrame(): void {
    this.quickFrame.cancel();
  }

  /** Adds a full-size or interactive sample, shows it and waits for it. */
  drawSample(state: SceneState, interactive: boolean): FrameInfo {
    const started = performance.now();
    this.sendSample(state, interactive);
    // Wait for the GPU (SwiftShader: the CPU) to finish the frame before answering. Otherwise calls return at once,
    // frames pile up behind each other and every picture arrives later than the one before.
    this.drawer.waitForFrame();
    return this.frameInfo(started, interactive);
  }

  /** Shows the path tracer's average in the viewport, denoised; `samples`: how many of them are in it. */
  showTraced(state: SceneState, samples: number): void {
    const started = performance.now();
    // The tracer's light already knows the creases.
    this.occlusion.shown = false;
    this.drawer.grade(state, true);
    this.drawer.pipeline.present(null, false, this.denoisedTrace());
    this.drawer.waitForFrame();
    this.lastFrame = { renderMs: performance.now() - started, samples, interactive: false, pathTraced: true };
    this.onFrame();
  }

  /** Draws the current average into the canvas again, without rendering. */
  repaint(): void {
    const state = this.current;
    const { pipeline } = this.drawer;
    // During a still the pipeline holds the still's samples, not the viewport's.
    if (!state || this.drawer.stillRendering || pipeline.samples === 0) return;
    this.drawer.grade(state, true, this.occlusion.onShow);
    pipeline.present(null, false, this.lastFrame.pathTraced ? this.denoisedTrace() : undefined);
  }

  /**
   * The frame of a held viewport, once the page is free: the newest state wins. It is not waited for: the page takes
   * in the drag's next calls while the GPU draws, and the next frame begins once this one is done (LatestFrame).
   */
  private drawHeldFrame(): Promise<void> | undefined {
    const state = this.current;
    if (!state) return undefined;
    const { renderer, stage, camera } = this.drawer;
    const started = performance.now();
    const draw = () => {
      this.restartQuick(state);
      this.sendSample(state, true);
    };
    // Seen from outside, a drag's frames draw a lighter car (car/drag-detail.ts); not while the shadow map is redrawn,
    // which would then keep the lighter car's shadow until the next change of what casts it.
    if (state.camera.spot !== 'Interior' && !renderer.shadowMap.needsUpdate) drawLighter(stage.scene, camera, draw);
    else draw();
    return frameFence(renderer.getContext() as WebGL2RenderingContext).then(() => {
      const info = this.frameInfo(started, true);
      this.interactiveScale.record(info.renderMs);
      // Still holding, but nothing moved for a moment: the cheap frame is not left on show. Refinement starts as
      // when idle, and the next call of the drag interrupts it.
      this.refinement.resumeAfter(SETTLE_MS);
    });
  }

  private drawQuickFrame(state: SceneState): FrameInfo {
    this.restartQuick(state);
    const info = this.drawSample(state, true);
    this.interactiveScale.record(info.renderMs);
    return info;
  }

  /** Starts a new average at the interactive size. */
  private restartQuick(state: SceneState): void {
    const { width, height } = state.viewport;
    const scale = this.interactiveScale.value;
    this.drawer.pipeline.restart(Math.round(width * scale), Math.round(height * scale));
  }

  /** Adds a sample of a state to the average, shows it in the canvas and hands it to the stream. */
  private sendSample(state: SceneState, interactive: boolean): void {
    const { pipeline } = this.drawer;
    // A drag's frames go without occlusion; the settling picture computes it once for its view.
    const occlusion = interactive ? null : this.occlusion.viewport(state);
    this.occlusion.shown = occlusion !== null;
    this.drawer.addSample(state, state.viewport, !interactive, pipeline.samples);
    this.drawer.grade(state, true, occlusion);
    pipeline.present(null, false);
    this.onFrame();
  }

  /** The viewport's traced average, denoised. */
  private denoisedTrace(): THREE.Texture | undefined {
    return this.drawer.denoised(this.denoiser, this.drawer.tracer.samples);
  }

  private frameInfo(started: number, interactive: boolean): FrameInfo {
    const info = {
      renderMs: performance.now() - started,
      samples: this.drawer.pipeline.samples,
      interactive,
      pathTraced: false,
    };
    this.lastFrame = info;
    return info;
  }
}
