import * as THREE from 'three';
import { LightProbeGenerator } from 'three/addons/lights/LightProbeGenerator.js';
import type { TimeOfDay } from '@autostudio/protocol';
import type { SceneState } from '../../contract/scene-state.js';

/**
 * What the path tracer sees of an environment instead of the raster pass's stand-ins (pre-filtered light, baked
 * floors, sky domes): the light as a cube or equirectangular texture it can importance-sample, the background, and
 * whether the environment has a ground of its own (otherwise the stage's shadow catcher becomes a matte ground).
 * Objects of the environment tagged `userData.rasterOnly` are hidden from it, those tagged `userData.pathTracedOnly`
 * (kept invisible) are shown to it, and a mesh's `userData.pathTracedMaterial` replaces its material for it.
 */
export interface PathTracedLook {
  light: THREE.Texture;
  background: THREE.Color | THREE.Texture | null;
  ground: boolean;
}

/** What every environment gives the stage: its objects, the image-based light and the sun (key light). */
export interface Environment {
  readonly group: THREE.Group;
  /** Updates for the state; resolves once textures it needs are loaded. */
  update(state: SceneState['environment']): Promise<void>;
  environmentMap(): THREE.Texture | null;
  background(): THREE.Color | THREE.Texture | null;
  /** Key light direction (towards the light) and its colour and intensity. */
  keyLight(): { direction: THREE.Vector3; color: THREE.Color; intensity: number };
  /** How far the image-based light is turned about the vertical (radians); none when absent. */
  environmentRotation?(): number;
  /** The ground's height under a point (metres), where it is not flat: the car's shadow lies on it. */
  groundHeight?(x: number, z: number): number;
  /**
   * What is left of the ground's light in the car's shadow (per channel, linear): the sky's share where the sun is
   * blocked. The studio's soft default where absent.
   */
  shade?(): THREE.Color;
  /** Strength of the image-based light. */
  environmentIntensity(): number;
  /** Exposure in stops that suits this environment's light level, as a photographer would meter it. */
  exposureBias(): number;
  /** The environment as the path tracer sees it from `camera` (a grounded dome's background depends on where). */
  pathTraced(renderer: THREE.WebGLRenderer, camera: THREE.Camera): PathTracedLook;
  dispose(): void;
}

/**
 * Sun elevation (degrees above the horizon), colour and intensity for every time of day the engine offers. Dawn and
 * Evening are the twilights either side of the day: the sun just under the horizon, a rose light before sunrise and
 * a violet one after sunset, dimmer than the sunrise and sunset they neighbour and brighter than night. The intensity
 * is the sun's irradiance face on, in the units of the sky's own light (three's Sky): at noon the sun puts about four
 * times the sky's light on flat ground, as outdoors; weaker, the sky's blue would light the sand grey.
 */
export const SUN_BY_TIME: Record<TimeOfDay, { elevation: number; color: number; intensity: number }> = {
  Default: { elevation: 38, color: 0xfff1dc, intensity: 28 },
  Dawn: { elevation: -1, color: 0xe8a2b4, intensity: 0.45 },
  Sunrise: { elevation: 5, color: 0xffb070, intensity: 10 },
  Morning: { elevation: 24, color: 0xffe2bf, intensity: 24 },
  Noon: { elevation: 68, color: 0xffffff, intensity: 32 },
  Afternoon: { elevation: 36, color: 0xfff0d6, intensity: 28 },
  Sunset: { elevation: 5, color: 0xff9a55, intensity: 10 },
  Evening: { elevation: -1.5, color: 0xa88ad8, intensity: 0.4 },
  Night: { elevation: -12, color: 0x8aa4ff, intensity: 0.25 },
};

export function sunFor(environment: SceneState['environment']): {
  elevation: number;
  azimuth: number;
  color: number;
  intensity: number;
} {
  // The scene only takes the engine's own options; an older saved state falls back to Default.
  const byName: Partial<Record<string, (typeof SUN_BY_TIME)[TimeOfDay]>> = SUN_BY_TIME;
  const sun = byName[environment.timeOfDay] ?? SUN_BY_TIME.Default;
  return { ...sun, azimuth: environment.sunDirection };
}

/**
 * Renders a scene (a sky, a room of softboxes, an image as background) into a cube texture: the form of light the
 * path tracer can sample, unlike the raster pass's pre-filtered (PMREM) maps.
 */
export class CubeLight {
  private target: THREE.WebGLCubeRenderTarget | null = null;

  constructor(private readonly options: { size: number; near: number; far: number }) {}

  /** The light `scene` puts on surfaces facing each way, as spherical harmonics (a small cube is enough). */
  async irradiance(renderer: THREE.WebGLRenderer, scene: THREE.Scene): Promise<THREE.SphericalHarmonics3> {
    this.render(renderer, scene);
    if (!this.target) return new THREE.SphericalHarmonics3();
    return (await LightProbeGenerator.fromCubeRenderTarget(renderer, this.target)).sh;
  }

  /**
   * A new texture each time: the path tracer re-reads its environment only when the texture object changes. Seen
   * from the origin, or from `from`.
   */
  render(renderer: THREE.WebGLRenderer, scene: THREE.Scene, from?: THREE.Vector3): THREE.Texture {
    this.target?.dispose();
    this.target = new THREE.WebGLCubeRenderTarget(this.options.size, { type: THREE.HalfFloatType });
    const camera = new THREE.CubeCamera(this.options.near, this.options.far, this.target);
    if (from) camera.position.copy(from);
    const previous = renderer.getRenderTarget();
    camera.update(renderer, scene);
    renderer.setRenderTarget(previous);
    return this.target.texture;
  }

  dispose(): void {
    this.target?.dispose();
  }
}

/** An opaque, rough material for a floor the path tracer lights itself (no baked light). */
export function pathTracedFloor(color: THREE.ColorRepresentation): THREE.MeshStandardMaterial {
  return new THREE.MeshStandardMaterial({ color, roughness: 0.92, metalness: 0, side: THREE.DoubleSide });
}
