import * as THREE from 'three';
import { GroundedSkybox } from 'three/addons/objects/GroundedSkybox.js';
import type { SceneState } from '../../contract/scene-state.js';
import { loadImage } from '../image-decode.js';
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
  /** The dome's floor as the path tracer's ground, and the image's light on it (the sky's half, measured). */
  private tracedFloor: THREE.Mesh<THREE.BufferGeometry, THREE.MeshStandardMaterial> | null = null;
  private skyIrradiance: THREE.Vector3 | null = null;
  private readonly probeCube = new CubeLight({ size: 32, near: 0.1, far: 100 });
  /** The dome alone, and the picture of it around the camera: the path tracer's background (see pathTraced). */
  private readonly domeScene = new THREE.Scene();
  private readonly backgroundCube = new CubeLight({ size: 512, near: 0.05, far: 1000 });
  private backgroundKey = '';
  private tracedBackground: THREE.Texture | null = null;

  constructor(
    private readonly pmrem: THREE.PMREMGenerator,
    private readonly renderer: THREE.WebGLRenderer,
  ) {
    this.group.name = 'HDRIBackdrop';
    this.texture = overcast();
  }

  async update(state: SceneState['environment']): Promise<void> {
    const hdri = state.hdri;
    if (hdri.imageUrl !== this.url) {
      const texture = hdri.imageUrl ? await loadImage(hdri.imageUrl, 'equirect') : overcast();
      // Only once loaded: an image that failed is tried again, not taken for the one on show.
      this.url = hdri.imageUrl;
      this.texture.dispose();
      this.texture = texture;
      this.envTarget?.dispose();
      this.envTarget = null;
      this.tracedLight = null;
      this.settings = null;
      this.skyIrradiance = null;
    }
    this.skyIrradiance ??= await this.measuredIrradiance(this.texture);
    const key = JSON.stringify([hdri.size, hdri.groundSize]);
    if (!this.settings || JSON.stringify([this.settings.size, this.settings.groundSize]) !== key || !this.dome) {
      if (this.dome) {
        this.group.remove(this.dome);
        this.dome.geometry.dispose();
        this.dome.material.dispose();
      }
      this.domeScene.clear();
      // Size is the dome's height above the ground (metres), ground size its radius.
      this.dome = new GroundedSkybox(this.texture, Math.max(1, hdri.size / 10), Math.max(10, hdri.groundSize / 4));
      this.dome.position.y = Math.max(1, hdri.size / 10) - 0.01;
      // The path tracer cannot run the dome's shader: it sees the dome's floor as a mesh of its own and the rest as
      // its background (see pathTraced).
      this.dome.userData.rasterOnly = true;
      this.group.add(this.dome);
      // The same geometry and material, unturned: the tracer turns its background as it turns the light.
      const twin = new THREE.Mesh(this.dome.geometry, this.dome.material);
      twin.position.copy(this.dome.position);
      this.domeScene.add(twin);
      if (this.tracedFloor) {
        this.group.remove(this.tracedFloor);
        this.tracedFloor.geometry.dispose();
      }
      this.tracedFloor = floorOf(this.dome, this.tracedFloor?.material ?? new THREE.MeshStandardMaterial());
      this.group.add(this.tracedFloor);
    }
    this.dome.rotation.y = radians(hdri.rotation);
    if (this.tracedFloor) {
      this.tracedFloor.rotation.y = this.dome.rotation.y;
      this.tracedFloor.material.map = this.texture;
    }
    this.settings = { ...hdri };
  }

  environmentMap(): THREE.Texture | null {
    // Made when first asked for, for the image on show: a reflection map of the overcast stand-in made at once would be
    // thrown away when an image's arrives, and each is seconds of a CPU renderer.
    this.envTarget ??= this.pmrem.fromEquirectangular(this.texture);
    return this.envTarget.texture;
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

  pathTraced(renderer: THREE.WebGLRenderer, camera: THREE.Camera): PathTracedLook {
    if (!this.tracedLight) {
      const scene = new THREE.Scene();
      scene.background = this.texture;
      this.tracedLight = this.cubeLight.render(renderer, scene);
    }
    // The grounded dome shows the image from its centre, metres above the ground: seen from the camera it is not the
    // image at infinity (the horizon sits lower, the ground is the ground). Camera rays that miss the scene see the
    // dome as drawn around the camera; light still comes from the image itself.
    const position = camera
      .getWorldPosition(new THREE.Vector3())
      .applyAxisAngle(new THREE.Vector3(0, 1, 0), -this.environmentRotation());
    const key = JSON.stringify([this.url, this.settings, position.toArray().map((v) => v.toFixed(3))]);
    if (!this.tracedBackground || key !== this.backgroundKey) {
      this.backgroundKey = key;
      this.tracedBackground = this.backgroundCube.render(renderer, this.domeScene, position);
    }
    if (this.tracedFloor) {
      // The floor shows the image's ground where nothing shades it: an albedo of the image over the light falling on
      // it, so the car's shadow and the light it bounces are the path tracer's own (differential rendering).
      const sun = this.keyLight();
      const light = (this.skyIrradiance ?? new THREE.Vector3()).clone().multiplyScalar(this.environmentIntensity());
      light.add(
        new THREE.Vector3(sun.color.r, sun.color.g, sun.color.b).multiplyScalar(sun.intensity * sun.direction.y),
      );
      const albedo = (channel: number) => Math.PI / Math.max(1e-3, channel);
      this.tracedFloor.material.color.setRGB(albedo(light.x), albedo(light.y), albedo(light.z));
    }
    return { light: this.tracedLight, background: this.tracedBackground, ground: this.tracedFloor !== null };
  }

  /** The irradiance the image puts on flat ground facing up (its upper half, as spherical harmonics). */
  private async measuredIrradiance(texture: THREE.Texture): Promise<THREE.Vector3> {
    const scene = new THREE.Scene();
    scene.background = texture;
    const light = await this.probeCube.irradiance(this.renderer, scene);
    return light.getIrradianceAt(new THREE.Vector3(0, 1, 0), new THREE.Vector3());
  }

  dispose(): void {
    this.envTarget?.dispose();
    this.cubeLight.dispose();
    this.probeCube.dispose();
    this.backgroundCube.dispose();
    this.texture.dispose();
    this.tracedFloor?.geometry.dispose();
    this.tracedFloor?.material.dispose();
  }
}

/**
 * The flat floor of a grounded dome as a mesh of its own, mapped onto the image as the dome maps it: the path
 * tracer cannot run the dome's shader, and the image at infinity would put the ground under the car's wheels at the
 * horizon's scale.
 */
function floorOf(
  dome: GroundedSkybox,
  material: THREE.MeshStandardMaterial,
): THREE.Mesh<THREE.BufferGeometry, THREE.MeshStandardMaterial> {
  const source = dome.geometry;
  const position = source.getAttribute('position');
  const uv = source.getAttribute('uv');
  const index = source.getIndex();
  const floorY = Math.min(...Array.from({ length: position.count }, (_, i) => position.getY(i)));
  const onFloor = (i: number) => position.getY(i) < floorY + 1e-3;
  const kept: number[] = [];
  const count = index ? index.count : position.count;
  for (let i = 0; i < count; i += 3) {
    const corners = [0, 1, 2].map((k) => (index ? index.getX(i + k) : i + k));
    if (corners.every(onFloor)) kept.push(...corners);
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', position.clone());
  geometry.setAttribute('uv', uv.clone());
  geometry.setAttribute(
    'normal',
    new THREE.Float32BufferAttribute(
      new Float32Array(position.count * 3).map((_, i) => (i % 3 === 1 ? 1 : 0)),
      3,
    ),
  );
  geometry.setIndex(kept);
  material.roughness = 1;
  material.metalness = 0;
  // The dome is a sphere turned inside out: its floor's triangles face down.
  material.side = THREE.DoubleSide;
  const floor = new THREE.Mesh(geometry, material);
  floor.name = 'HDRI floor';
  floor.position.copy(dome.position);
  floor.visible = false;
  floor.userData.pathTracedOnly = true;
  return floor;
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
