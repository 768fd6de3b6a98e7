import * as THREE from 'three';
import type { SceneState } from '../../contract/scene-state.js';
import { INTERIOR_LAYER } from '../car/drag-detail.js';
import { FramePipeline } from '../pipeline/frame-pipeline.js';
import { frameSync } from '../pipeline/frame-sync.js';
import { updateGrading } from '../pipeline/grading.js';
import { jitterSample, lensOf } from '../pipeline/lens.js';
import type { Denoiser } from '../pipeline/denoiser.js';
import { PathTracer } from '../pipeline/path-tracer.js';
import { jitterCamera, placeCamera } from '../stage/camera-rig.js';
import { Stage } from '../stage/stage.js';
import { GuideImage } from './guide-image.js';

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * What the viewport and the images draw with, and the few ways they draw: one stage, one camera placed for a state,
 * one frame pipeline (raster samples averaged, then graded) and one path tracer.
 */
export class SceneDrawer {
  readonly stage: Stage;
  readonly camera = new THREE.PerspectiveCamera();
  readonly pipeline: FramePipeline;
  readonly tracer: PathTracer;
  readonly guide = new GuideImage();
  /** Waits for the GPU to finish what was sent (frame-sync.ts). */
  readonly waitForFrame: () => void;
  /** A still owns the renderer while it waits for the path tracer's shader; refinement keeps off meanwhile. */
  stillRendering = false;

  constructor(
    readonly renderer: THREE.WebGLRenderer,
    options: { whiteNoise: boolean },
  ) {
    this.camera.layers.enable(INTERIOR_LAYER);
    this.stage = new Stage(renderer);
    this.pipeline = new FramePipeline(renderer, 16, 16);
    this.waitForFrame = frameSync(renderer);
    this.tracer = new PathTracer(renderer, options);
  }

  /** Places the camera for the state's view at `size`; returns its focus distance. */
  place(state: SceneState, size: PixelSize): number {
    return placeCamera(this.camera, state.camera, size.width / size.height, this.stage.car.cabin);
  }

  /** Adds a raster sample of a state to the pipeline's average, jittered (pixel and aperture) after the first. */
  addSample(state: SceneState, size: PixelSize, jitter: boolean, index: number): void {
    const focus = this.place(state, size);
    if (jitter && index > 0) {
      const { pixel, aperture } = jitterSample(lensOf(state.camera), index);
      jitterCamera(this.camera, pixel, aperture, focus, this.pipeline.size);
    }
    this.pipeline.addSample(this.stage.scene, this.camera);
  }

  /** The output pass's look for a state; guides belong to the viewport, never to stills. */
  grade(state: SceneState, withGuide: boolean, occlusion: THREE.Texture | null = null): void {
    updateGrading(this.pipeline.grading, state, {
      withGuide,
      exposureBias: this.stage.exposureBias,
      guideImage: this.guide.texture,
      occlusion,
      glare: Object.values(state.car.lamps).some((lamp) => lamp.on && lamp.intensity > 0),
    });
  }

  /**
   * Points the path tracer at a state, at a size: the same camera placement and lens as the raster samples, the
   * scene as the stage shows it to the tracer.
   */
  pointTracer(state: SceneState, size: PixelSize, tiles: number): void {
    const focusDistance = this.place(state, size);
    const lens = { ...lensOf(state.camera), focusDistance };
    // Anything but the camera changed: the tracer reads the scene again (and rebuilds the BVH if geometry did).
    const sceneKey = JSON.stringify([state.car, state.environment, state.customLights, this.stage.pathTracedVariant]);
    this.stage.withPathTracedScene(this.camera, () =>
      this.tracer.setScene(this.stage.scene, this.camera, lens, { sceneKey, ...size, tiles }),
    );
  }

  /** The tracer's average denoised, guided by the scene as the tracer saw it from where its camera stands. */
  denoised(denoiser: Denoiser, samples: number): THREE.Texture | undefined {
    const source = this.tracer.texture;
    if (!source) return undefined;
    return this.stage.withPathTracedScene(this.camera, () =>
      denoiser.denoise(this.stage.scene, this.camera, source, samples),
    );
  }
}
