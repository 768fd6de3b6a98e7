import type * as THREE from 'three';
import type { SceneState } from '../../contract/scene-state.js';

/**
 * The shadow map is redrawn only when what casts or lights it changed (car, trim, doors, environment, sun,
 * lights): a camera move or a paint change reuses it, which on a CPU saves the car's depth pass on every drag.
 */
export class ShadowUpdates {
  private key = '';

  constructor(private readonly renderer: THREE.WebGLRenderer) {}

  /** Asks for a redraw of the shadow map when this state's casters or lights differ from the last one's. */
  follow(state: SceneState): void {
    const { car, environment, customLights } = state;
    const key = JSON.stringify([
      car.modelPath,
      car.trim,
      car.doors,
      environment.name,
      environment.timeOfDay,
      environment.sunDirection,
      environment.hdri,
      customLights,
    ]);
    if (key === this.key) return;
    this.key = key;
    this.renderer.shadowMap.needsUpdate = true;
  }
}
