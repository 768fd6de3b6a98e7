import * as THREE from 'three';
import type { ImageLayer, ImageLayers, ImageRequest } from '../../contract/render-contract.js';
import type { SceneState } from '../../contract/scene-state.js';
import { drawLighter } from '../car/drag-detail.js';
import type { PixelSize, SceneDrawer } from '../drawing/scene-drawer.js';
import type { SharedOcclusion } from '../drawing/shared-occlusion.js';
import { Denoiser } from '../pipeline/denoiser.js';
import { encode } from '../pipeline/encode.js';
import { ImageShadows } from '../pipeline/image-shadows.js';
import { ImageProgress } from './image-progress.js';

/** Layers drawn on a transparent background (the Beauty only when the render type asks for it). */
const TRANSPARENT_LAYERS: ReadonlySet<ImageLayer> = new Set(['Car', 'Shadow', 'Color ID']);
/** Layers that are one exact sample of data, not a picture (see layerSamples). */
const PASSES: ReadonlySet<ImageLayer> = new Set(['Color ID', 'Depth']);

/**
 * Stills and production images, off screen: every layer of a request at its own size and samples, encoded. The
 * viewport is the caller's to put back afterwards.
 */
export class ImageRenderer {
  /** Ids of production images Node cancelled (see cancel). */
  private readonly cancelled = new Set<string>();
  private readonly shadows: ImageShadows;

  /** `onTracerTaken`: the path tracer was pointed at an image, away from the viewport. */
  constructor(
    private readonly drawer: SceneDrawer,
    private readonly occlusion: SharedOcclusion,
    private readonly onTracerTaken: () => void,
  ) {
    this.shadows = new ImageShadows(drawer.renderer);
  }

  /** Stops the request of this id (now or when it starts) at its next sample. */
  cancel(id: string): void {
    this.cancelled.add(id);
  }

  /** Every layer of a request, one after the other, with the same camera and size; see EnginePageApi.renderImage. */
  async render(state: SceneState, request: ImageRequest): Promise<ImageLayers> {
    const progress = new ImageProgress(request.id, () => this.cancelled.has(request.id));
    progress.check();
    const images: ImageLayers = {};
    this.drawer.stillRendering = true;
    try {
      for (const { layer, format } of request.layers) {
        const pixels = await this.drawLayer(state, request, layer, progress);
        const { width, height, quality } = request;
        images[layer] = await encode(pixels, { width, height, format, quality });
      }
    } finally {
      this.drawer.stillRendering = false;
      // Layers drew the shadow map with parts of the stage hidden: the viewport's next frame draws it again.
      this.drawer.renderer.shadowMap.needsUpdate = true;
    }
    return images;
  }

  /** One layer into 8-bit RGBA pixels (GL rows, bottom-up). */
  private async drawLayer(
    state: SceneState,
    request: ImageRequest,
    layer: ImageLayer,
    progress: ImageProgress,
  ): Promise<Uint8Array> {
    const { renderer, stage, pipeline } = this.drawer;
    const { width, height } = request;
    const transparent = layer === 'Beauty' ? request.transparentBackground : TRANSPARENT_LAYERS.has(layer);
    await stage.apply(state, { transparentBackground: transparent });
    const restore = stage.showLayer(layer, request);
    const output = new THREE.WebGLRenderTarget(width, height);
    // The shadow map is drawn for what this layer shows (the Background's has no car in it); passes need none.
    if (PASSES.has(layer)) renderer.shadowMap.needsUpdate = false;
    else this.shadows.prepare(state, JSON.stringify([layer, transparent, request.groundShadow]));
    try {
      if (PASSES.has(layer)) {
        this.drawPass(state, request, output, layer === 'Depth' ? 0xffffff : 0x000000);
        await progress.step();
      } else if (layer === 'Beauty' && request.pathTraced) {
        await this.drawTraced(state, request, request.pathTraced, { output, transparent }, progress);
      } else if (layer === 'Beauty' && request.dragScale !== undefined) {
        this.drawDragFrame(state, request, request.dragScale, output);
      } else {
        pipeline.restart(width, height);
        const occlusion =
          layer === 'Shadow' || request.ambientOcclusion === false ? null : this.occlusion.still(state, request);
        for (let i = 0; i < request.samples; i += 1) {
          this.drawer.addSample(state, request, true, i);
          // Each sample finished before the next macrotask: progress is what is drawn, not what is queued.
          this.drawer.waitForFrame();
          await progress.step();
        }
        if (layer === 'Shadow') pipeline.presentRaw(output);
        else {
          this.drawer.grade(state, false, occlusion);
          pipeline.present(output, transparent);
        }
      }
      const pixels = new Uint8Array(width * height * 4);
      renderer.readRenderTargetPixels(output, 0, 0, width, height, pixels);
      return pixels;
    } finally {
      restore();
      output.dispose();
    }
  }

  /** A path-traced Beauty into `output`, denoised unless the request says not to. */
  private async drawTraced(
    state: SceneState,
    size: PixelSize,
    traced: NonNullable<ImageRequest['pathTraced']>,
    { output, transparent }: { output: THREE.WebGLRenderTarget; transparent: boolean },
    progress: ImageProgress,
  ): Promise<void> {
    const { renderer, tracer, pipeline } = this.drawer;
    try {
      await tracer.load();
      this.drawer.pointTracer(state, size, 1);
      await tracer.render(traced.samples, async () => {
        this.drawer.waitForFrame();
        await progress.step();
      });
    } finally {
      // The tracer now holds the image's size and camera: the viewport's refinement points it again.
      this.onTracerTaken();
    }
    this.drawer.grade(state, false);
    // A denoiser of the still's own, at its size: the viewport's keeps its size and its picture.
    const denoiser = traced.denoise ? new Denoiser(renderer) : null;
    try {
      const image = denoiser ? this.drawer.denoised(denoiser, traced.samples) : tracer.texture;
      pipeline.present(output, transparent, image);
    } finally {
      denoiser?.dispose();
    }
  }

  /** A drag's frame of a view, as the viewport draws a held frame, scaled up into `output`. */
  private drawDragFrame(state: SceneState, size: PixelSize, scale: number, output: THREE.WebGLRenderTarget): void {
    const { stage, camera, pipeline } = this.drawer;
    const scaled = (n: number) => Math.max(1, Math.round(n * scale));
    pipeline.restart(scaled(size.width), scaled(size.height));
    const draw = () => this.drawer.addSample(state, size, false, 0);
    if (state.camera.spot !== 'Interior') drawLighter(stage.scene, camera, draw);
    else draw();
    this.drawer.grade(state, false);
    pipeline.present(output, false);
  }

  /** A pass: one exact sample of the stage as `showLayer` set it, on a cleared opaque background. */
  private drawPass(state: SceneState, size: PixelSize, output: THREE.WebGLRenderTarget, clear: number): void {
    const { renderer, stage, camera } = this.drawer;
    this.drawer.place(state, size);
    renderer.setRenderTarget(output);
    renderer.setClearColor(clear, 1);
    renderer.clear();
    renderer.render(stage.scene, camera);
    renderer.setClearColor(0x000000, 0);
  }
}
