import type * as THREE from 'three';
import type { SceneState } from '../../contract/scene-state.js';

/**
 * Whether a production image's layer may reuse the shadow map as it is. The frames of a shot differ by the camera
 * alone, and the shadow map does not depend on the camera: redrawn for every frame, it took a quarter of a small
 * video frame's time on a CPU (96×54 LOW, one sample: 73 against 57 ms a frame). It is reused only when the last
 * shadow map drawn anywhere (the viewport and stills draw it too) was drawn here, for the same layer and the same
 * scene apart from the camera.
 */
export class ImageShadows {
  /** Shadow map draws so far, by anyone: counted where three.js draws it. */
  private draws = 0;
  private last: { key: string; draws: number } | null = null;

  constructor(private readonly renderer: THREE.WebGLRenderer) {
    const shadowMap = renderer.shadowMap;
    const render = shadowMap.render.bind(shadowMap);
    shadowMap.render = (...args) => {
      // three.js calls this for every frame and draws only when asked (needsUpdate, with autoUpdate off).
      if (shadowMap.enabled && (shadowMap.needsUpdate || shadowMap.autoUpdate)) this.draws += 1;
      render(...args);
    };
  }

  /** Asks for a shadow map drawn for this layer of this state, reusing the last one where it still holds. */
  prepare(state: SceneState, variant: string): void {
    const key = JSON.stringify([variant, { ...state, camera: null }]);
    const reusable = this.last?.key === key && this.last.draws === this.draws;
    this.renderer.shadowMap.needsUpdate = !reusable;
    // Counted as drawn for this key once the layer renders: the draw it asks for (if any) comes next.
    this.last = { key, draws: this.draws + (reusable ? 0 : 1) };
  }
}
