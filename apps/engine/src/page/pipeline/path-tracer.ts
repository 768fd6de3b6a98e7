import * as THREE from 'three';
import type { PhysicalCamera, WebGLPathTracer } from 'three-gpu-pathtracer';
import type { Lens } from './lens.js';

/**
 * The parts of WebGLPathTracer 0.0.26 (pinned exactly in package.json) that its typings leave out: whether the
 * shader is compiling, and the size of its target when it must not follow the canvas (stills of any size).
 */
interface TracerInternals {
  readonly isCompiling: boolean;
  _pathTracer: {
    setSize(width: number, height: number): void;
    material: { setDefine(name: string, value: number): boolean };
  };
}

/** The shader's RANDOM_TYPE for PCG (its default, 2, is stratified samples offset by per-pixel blue noise). */
const PCG_RANDOM = 0;

/** Light-weight aperture that keeps the shader's depth-of-field branch compiled in: switching it costs a recompile. */
const PINHOLE_BOKEH_MM = 1e-4;

/** The raster samples' lens (one formula for both), focused where the camera placement says. */
export interface TracerLens extends Lens {
  /** Distance to the focus plane, metres. */
  focusDistance: number;
}

/**
 * Progressive path tracing of the stage with three-gpu-pathtracer's WebGLPathTracer: real global illumination,
 * soft shadows, reflections and depth of field, one tile at a time so that a new call interrupts it quickly.
 *
 * The library is imported and its shader compiled on first use only (about 45 s on a CPU, under a second on a
 * GPU), so an engine that never path traces pays nothing.
 */
export class PathTracer {
  private tracer: WebGLPathTracer | null = null;
  private loading: Promise<void> | null = null;
  private camera: PhysicalCamera | null = null;
  private sceneKey = '';
  private background: THREE.Scene['background'] = null;
  private size = { width: 0, height: 0 };

  /**
   * `whiteNoise`: PCG random numbers instead of the stratified, blue-noise ones. Under SwiftShader a quarter of the
   * pixels come out black in every sample with the latter (measured: 3,595 of 14,400 at 160×90, 235 with PCG, the
   * truly black parts of the car), so CPU hosts take white noise.
   */
  constructor(
    private readonly renderer: THREE.WebGLRenderer,
    private readonly options: { whiteNoise: boolean },
  ) {}

  /** Loads the library (once); the shader compiles with the first sample. */
  load(): Promise<void> {
    this.loading ??= import('three-gpu-pathtracer').then((module) => {
      // three 0.187 dropped this chunk; the path tracer's cube-to-equirect pass includes it but uses none of it.
      const chunks = THREE.ShaderChunk as unknown as Record<string, string | undefined>;
      chunks.cube_uv_reflection_fragment ??= '';
      const tracer = new module.WebGLPathTracer(this.renderer);
      tracer.renderToCanvas = false;
      tracer.rasterizeScene = false;
      tracer.synchronizeRenderSize = false;
      tracer.dynamicLowRes = false;
      tracer.renderDelay = 0;
      tracer.minSamples = 0;
      tracer.fadeDuration = 0;
      // Enough for paint, glass and the cabin behind it; each bounce more costs a CPU host ~40% per sample.
      tracer.bounces = 4;
      tracer.transmissiveBounces = 2;
      tracer.filterGlossyFactor = 0.5;
      if (this.options.whiteNoise) {
        (tracer as unknown as TracerInternals)._pathTracer.material.setDefine('RANDOM_TYPE', PCG_RANDOM);
      }
      this.tracer = tracer;
      this.camera = new module.PhysicalCamera();
    });
    return this.loading;
  }

  get loaded(): boolean {
    return this.tracer !== null;
  }

  /** True while the shader compiles: samples asked for then do nothing. */
  get compiling(): boolean {
    return this.tracer ? (this.tracer as unknown as TracerInternals).isCompiling : true;
  }

  /** Whole samples accumulated since the last change. */
  get samples(): number {
    return Math.floor(this.tracer?.samples ?? 0);
  }

  /** The linear HDR average (alpha is coverage when the background is transparent); none before loading. */
  get texture(): THREE.Texture | undefined {
    return this.tracer?.target.texture;
  }

  /**
   * Points the tracer at the scene as it is now. When anything but the camera changed (`sceneKey`), the scene's
   * geometry, materials, lights and environment are read again (the BVH is rebuilt only if geometry changed);
   * otherwise only the camera moves. Either way the average starts again.
   */
  setScene(
    scene: THREE.Scene,
    placed: THREE.PerspectiveCamera,
    lens: TracerLens,
    options: { sceneKey: string; width: number; height: number; tiles: number },
  ): void {
    const { tracer, camera } = this;
    if (!tracer || !camera) throw new Error('The path tracer is not loaded');
    camera.copy(placed);
    camera.focusDistance = lens.focusDistance;
    // PhysicalCamera's bokeh size is the aperture's diameter in millimetres.
    camera.bokehSize = Math.max(PINHOLE_BOKEH_MM, lens.radius * 2000);
    camera.apertureBlades = lens.blades;
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();
    tracer.tiles.set(options.tiles, options.tiles);
    if (this.size.width !== options.width || this.size.height !== options.height) {
      (tracer as unknown as TracerInternals)._pathTracer.setSize(options.width, options.height);
      this.size = { width: options.width, height: options.height };
    }
    if (options.sceneKey !== this.sceneKey) {
      tracer.setScene(scene, camera);
      this.sceneKey = options.sceneKey;
    } else {
      tracer.setCamera(camera);
      // A background seen from the camera (a grounded dome's) is redrawn when the camera moves.
      if (scene.background !== this.background) tracer.updateEnvironment();
    }
    this.background = scene.background;
    tracer.reset();
  }

  /** Renders one tile (a whole sample with one tile per side); nothing while the shader compiles. */
  sample(): void {
    this.tracer?.renderSample();
  }

  /**
   * Renders until the average holds `samples` whole samples. The shader may compile on the way, more than once as
   * the first samples settle its defines (depth of field, background): the compile finishes on the event loop, so
   * this waits there meanwhile rather than spinning. `afterSample` runs after each whole sample (progress, cancel).
   */
  async render(samples: number, afterSample?: () => Promise<void>): Promise<void> {
    await this.load();
    while (this.samples < samples) {
      const before = this.samples;
      this.sample();
      if (this.compiling) await new Promise((resolve) => setTimeout(resolve, 50));
      else if (afterSample && this.samples > before) await afterSample();
    }
  }
}
