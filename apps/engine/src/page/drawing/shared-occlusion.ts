import * as THREE from 'three';
import type { SceneState } from '../../contract/scene-state.js';
import { AmbientOcclusion } from '../pipeline/ambient-occlusion.js';
import type { PixelSize, SceneDrawer } from './scene-drawer.js';

/**
 * Ambient occlusion of stills and render frames: at half their size (it is soft), and at most this wide. At full
 * size it made each frame of a 720p video 9 % slower than before the new look (5.37 s against 4.91 s).
 */
const OCCLUSION = { scale: 0.5, maxWidth: 960 } as const;

/**
 * The ambient occlusion of the car and the ground it stands on, one set of targets shared by the viewport and the
 * stills: a still's occlusion replaces the viewport's, and the viewport computes its own again.
 */
export class SharedOcclusion {
  private readonly occlusion: AmbientOcclusion;
  /**
   * The viewport's occlusion, for the state it was computed for (a still's replaces it). Keyed by the state applied,
   * not by refinement generation: each frame of a render job restarts refinement, and the viewport, still showing the
   * same state, computed its occlusion again between every two frames (1.6 % of a 720p LOW video's time).
   */
  private viewportOf: { state: SceneState; texture: THREE.Texture } | null = null;
  /** Whether the picture on show was graded with the viewport's occlusion (a settling raster frame). */
  shown = false;

  constructor(private readonly drawer: SceneDrawer) {
    this.occlusion = new AmbientOcclusion(drawer.renderer);
  }

  /** The viewport's occlusion for the state on show, computed on its first full-size sample. */
  viewport(state: SceneState): THREE.Texture {
    if (this.viewportOf?.state !== state) {
      // At half size: at full size it held the settling picture back 230 ms at 640×360 (90 ms at half).
      const texture = this.compute(state, state.viewport, OCCLUSION.scale);
      this.viewportOf = { state, texture };
    }
    return this.viewportOf.texture;
  }

  /** The occlusion the picture on show was graded with, if any (a repaint grades it the same). */
  get onShow(): THREE.Texture | null {
    return this.shown ? (this.viewportOf?.texture ?? null) : null;
  }

  /**
   * A still's occlusion, at half its size and at most OCCLUSION.maxWidth wide. It takes the viewport's targets: the
   * viewport computes its own again.
   */
  still(state: SceneState, size: PixelSize): THREE.Texture {
    this.viewportOf = null;
    this.shown = false;
    return this.compute(state, size, Math.min(OCCLUSION.scale, OCCLUSION.maxWidth / size.width));
  }

  /** The occlusion of the state's view at `size` × `scale`, of the car and the ground it stands on. */
  private compute(state: SceneState, size: PixelSize, scale: number): THREE.Texture {
    const { stage, camera } = this.drawer;
    this.drawer.place(state, size);
    const scaled = (n: number) => Math.max(1, Math.round(n * scale));
    const around = new THREE.Box3().setFromObject(stage.car.group);
    return this.occlusion.compute(stage.scene, camera, scaled(size.width), scaled(size.height), around);
  }
}
