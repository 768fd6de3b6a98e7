import * as THREE from 'three';
import { GroundedSkybox } from 'three/addons/objects/GroundedSkybox.js';
import { EXRLoader } from 'three/addons/loaders/EXRLoader.js';
import { HDRLoader } from 'three/addons/loaders/HDRLoader.js';
import type { SceneState } from '../../contract/scene-state.js';
import { CubeLight, type Environment, type PathTracedLook } from './environment.js';

const radians = THREE.MathUtils.degToRad;

/**
 * An uploaded equirectangular image on a grounded dome: the car stands on the image's ground, and the same image
 * lights it. Until an image is set, a neutral overcast gradient stands in.
 */
export class HdriEnvironment implements Environment {
  readonly group = new THREE.Group();
  private url: string | null = null;
  private texture: THREE.Texture;
  private envTarget: THREE.WebGLRenderTarget | null = null;
  private dome: GroundedSkybox | null = null;
  private settings: SceneState['environment']['hdri'] | null = null;
  private readonly cubeLight = new CubeLight({ size: 512, near: 0.1, far: 100 });
  /** The image as the path tracer's light and background (a cube, whatever the image's format). */
  private tracedLight: THREE.Texture | null = null;

  constructor(private readonly pmrem: THREE.PMREMGenerator) {
    this.group.name = 'HDRIBackdrop';
    this.texture = overcast();
    this.envTarget = this.pmrem.fromEquirectangular(this.texture);
  }

  async update(state: SceneState['environment']): Promise<void> {
    const hdri = state.hdri;
    if (hdri.imageUrl !== this.url) {
      const texture = hdri.imageUrl ? await loadEquirect(hdri.imageUrl) : overcast();
      // Only once loaded: an image that failed is tried again, not taken for the one on show.
      this.url = hdri.imageUrl;
      this.texture.dispose();
      this.texture = texture;
      this.envTarget?.dispose();
      this.envTarget = this.pmrem.fromEquirectangular(texture);
      this.tracedLight = null;
      this.settings = null;
    }
    const key = JSON.stringify([hdri.size, hdri.groundSize]);
    if (!this.settings || JSON.stringify([this.settings.size, this.settings.groundSize]) !== key || !this.dome) {
      if (this.dome) this.group.remove(this.dome);
      // Size is the dome's height above the ground (metres), ground size its radius.
      this.dome = new GroundedSkybox(this.texture, Math.max(1, hdri.size / 10), Math.max(10, hdri.groundSize / 4));
      this.dome.position.y = Math.max(1, hdri.size / 10) - 0.01;
      // The path tracer sees the image as its background and the stage's shadow catcher as the ground instead.
      this.dome.userData.rasterOnly = true;
      this.group.add(this.dome);
    }
    this.dome.rotation.y = radians(hdri.rotation);
    this.settings = { ...hdri };
  }

  environmentMap(): THREE.Texture | null {
    return this.envTarget?.texture ?? null;
  }

  background(): null {
    return null;
  }

  keyLight() {
    const s = this.settings;
    const color = s
      ? new THREE.Color(s.lightColor.r / 255, s.lightColor.g / 255, s.lightColor.b / 255)
      : new THREE.Color(1, 1, 1);
    return { direction: new THREE.Vector3(0.3, 1, 0.4).normalize(), color, intensity: s ? s.lightIntensity : 1 };
  }

  environmentIntensity(): number {
    return (this.settings?.intensity ?? 2) / 2;
  }

  /** The dome turns with the image's rotation; the lighting must turn with it. */
  environmentRotation(): number {
    return radians(this.settings?.rotation ?? 0);
  }

  exposureBias(): number {
    return 0;
  }

  pathTraced(renderer: THREE.WebGLRenderer): PathTracedLook {
    if (!this.tracedLight) {
      const scene = new THREE.Scene();
      scene.background = this.texture;
      this.tracedLight = this.cubeLight.render(renderer, scene);
    }
    return { light: this.tracedLight, background: this.tracedLight, ground: false };
  }

  dispose(): void {
    this.envTarget?.dispose();
    this.cubeLight.dispose();
    this.texture.dispose();
  }
}

export async function loadEquirect(url: string): Promise<THREE.Texture> {
  // Radiance and OpenEXR are the two forms HDRIs are published in; anything else is an 8-bit panorama.
  const texture = /\.hdr(\?|$)/i.test(url)
    ? await new HDRLoader().loadAsync(url)
    : /\.exr(\?|$)/i.test(url)
      ? await new EXRLoader().setDataType(THREE.HalfFloatType).loadAsync(url)
      : await new THREE.TextureLoader().loadAsync(url);
  texture.mapping = THREE.EquirectangularReflectionMapping;
  if (!(texture instanceof THREE.DataTexture)) texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/** A soft sky-to-ground gradient, so the environment is usable before an image arrives. */
function overcast(): THREE.Texture {
  const width = 256;
  const height = 128;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const t = y / (height - 1);
    const sky = t > 0.5;
    const shade = sky ? 150 + (t - 0.5) * 160 : 70 + t * 60;
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      data[i] = shade;
      data[i + 1] = shade + (sky ? 6 : 0);
      data[i + 2] = shade + (sky ? 16 : -4);
      data[i + 3] = 255;
    }
  }
  const texture = new THREE.DataTexture(data, width, height);
  texture.mapping = THREE.EquirectangularReflectionMapping;
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.flipY = false;
  texture.needsUpdate = true;
  return texture;
}
