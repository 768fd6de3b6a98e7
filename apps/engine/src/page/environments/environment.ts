import type * as THREE from 'three';
import type { SceneState } from '../../scene/scene-state.js';

/** What every environment gives the stage: its objects, the image-based light and the sun (key light). */
export interface Environment {
  readonly group: THREE.Group;
  /** Updates for the state; resolves once textures it needs are loaded. */
  update(state: SceneState['environment']): Promise<void>;
  environmentMap(): THREE.Texture | null;
  background(): THREE.Color | THREE.Texture | null;
  /** Key light direction (towards the light) and its colour and intensity. */
  keyLight(): { direction: THREE.Vector3; color: THREE.Color; intensity: number };
  /** Strength of the image-based light. */
  environmentIntensity(): number;
  /** Exposure in stops that suits this environment's light level, as a photographer would meter it. */
  exposureBias(): number;
  dispose(): void;
}

/** Sun elevation and colour for the spec's times of day. */
export const SUN_BY_TIME: Record<string, { elevation: number; color: number; intensity: number }> = {
  Default: { elevation: 38, color: 0xfff1dc, intensity: 3.2 },
  Sunrise: { elevation: 4, color: 0xffb070, intensity: 1.6 },
  Morning: { elevation: 24, color: 0xffe2bf, intensity: 2.8 },
  Noon: { elevation: 68, color: 0xffffff, intensity: 3.6 },
  Afternoon: { elevation: 36, color: 0xfff0d6, intensity: 3.2 },
  Sunset: { elevation: 3, color: 0xff9a55, intensity: 1.5 },
  Night: { elevation: -12, color: 0x8aa4ff, intensity: 0.25 },
};

export function sunFor(environment: SceneState['environment']): {
  elevation: number;
  azimuth: number;
  color: number;
  intensity: number;
} {
  const sun = SUN_BY_TIME[environment.timeOfDay] ??
    SUN_BY_TIME.Default ?? { elevation: 38, color: 0xffffff, intensity: 3 };
  return { ...sun, azimuth: environment.sunDirection };
}
