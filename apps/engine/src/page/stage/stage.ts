import * as THREE from 'three';
import type { ImageLayer } from '../../contract/render-contract.js';
import type { SceneState } from '../../contract/scene-state.js';
import { DesertPcgEnvironment } from '../environments/desert-pcg.js';
import { DesertEnvironment } from '../environments/desert.js';
import type { Environment } from '../environments/environment.js';
import { HdriEnvironment } from '../environments/hdri.js';
import { StudioEnvironment } from '../environments/studio.js';
import { ReflectionCache } from '../environments/reflection-cache.js';
import { setUniform } from '../pipeline/grading.js';
import { ColorIdMaterials, createDepthMaterial } from '../pipeline/passes.js';
import { loadImage } from '../image-decode.js';
import { CarRig } from './car-rig.js';
import { CustomLights } from './custom-lights.js';
import { DEFAULT_SHADE, ShadowCatcher, shadowLength } from './shadow-catcher.js';

/** The key light stands this far from the car (metres), its shadow camera's depth range reaching at least this far. */
const KEY_DISTANCE = 15;
const SHADOW_FAR = 40;
const SHADOW_BIAS = -0.0004;

/** A white-to-transparent radial gradient, stretched into the lamps' light pool. */
function radialGradient(): THREE.Texture {
  const size = 64;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const dx = (x + 0.5) / size - 0.5;
      const dy = (y + 0.5) / size - 0.5;
      const falloff = Math.max(0, 1 - Math.hypot(dx, dy) * 2);
      const i = (y * size + x) * 4;
      data[i] = 255;
      data[i + 1] = 255;
      data[i + 2] = 255;
      data[i + 3] = Math.round(255 * falloff * falloff);
    }
  }
  const texture = new THREE.DataTexture(data, size, size);
  texture.needsUpdate = true;
  return texture;
}

/** The three.js scene for a scene state: car, environment, backplate, key light, headlamp beams, custom lights. */
export class Stage {
  readonly scene = new THREE.Scene();
  readonly car = new CarRig();
  private readonly pmrem: THREE.PMREMGenerator;
  private readonly reflections: ReflectionCache;
  private readonly environments = new Map<string, Environment>();
  private environment: Environment | null = null;
  private readonly key = new THREE.DirectionalLight(0xffffff, 2);
  private readonly lampPool: THREE.Mesh;
  private readonly lights = new CustomLights();
  private readonly catcher = new ShadowCatcher();
  private backplate: { url: string; texture: THREE.Texture } | null = null;
  /** The shadow catcher as the path tracer's ground where the environment has none: it shows what lies behind it. */
  private readonly matteGround = Object.assign(new THREE.MeshStandardMaterial({ roughness: 1 }), { matte: true });
  private readonly colorIds = new ColorIdMaterials();
  private readonly depth = createDepthMaterial();

  constructor(private readonly renderer: THREE.WebGLRenderer) {
    this.pmrem = new THREE.PMREMGenerator(renderer);
    this.reflections = new ReflectionCache(renderer);
    this.key.castShadow = true;
    this.key.shadow.mapSize.set(1024, 1024);
    this.key.shadow.bias = SHADOW_BIAS;
    this.key.shadow.normalBias = 0.02;
    this.key.shadow.radius = 4;
    const camera = this.key.shadow.camera;
    camera.left = -4;
    camera.right = 4;
    camera.top = 4;
    camera.bottom = -4;
    camera.near = 1;
    camera.far = SHADOW_FAR;
    this.scene.add(this.key, this.key.target, this.car.group, this.lights.group);
    // Head-lamp light on the ground: a soft additive pool in front of the car. Real spot lights would cost every
    // pixel of every material a light evaluation, lamps on or off, which a CPU renderer cannot afford.
    this.lampPool = new THREE.Mesh(
      new THREE.PlaneGeometry(6, 9).rotateX(-Math.PI / 2).translate(0, 0.004, 6.2),
      new THREE.MeshBasicMaterial({
        map: radialGradient(),
        color: 0xfff2dc,
        transparent: true,
        blending: THREE.AdditiveBlending,
        depthWrite: false,
      }),
    );
    this.lampPool.visible = false;
    // The path tracer lights the ground from the lamps' own glow.
    this.lampPool.userData.rasterOnly = true;
    this.scene.add(this.lampPool);
    this.scene.add(this.catcher.mesh);
  }

  /** What the last apply put behind the car. */
  private shown = { backplate: false, transparent: false };

  /** Exposure bias of the environment on show. */
  exposureBias = 0;

  async apply(state: SceneState, options: { transparentBackground: boolean }): Promise<void> {
    await this.car.apply(state.car);
    const environment = this.environmentFor(state.environment.name);
    await environment.update(state.environment);
    if (environment !== this.environment) {
      if (this.environment) this.scene.remove(this.environment.group);
      this.scene.add(environment.group);
      this.environment = environment;
    }
    const backplate = state.environment.backplate.enabled
      ? await this.backplateTexture(state.environment.backplate.imageUrl)
      : null;
    const transparent = options.transparentBackground;
    this.shown = { backplate: Boolean(backplate), transparent };
    environment.group.visible = !backplate && !transparent;
    this.exposureBias = backplate ? 0 : environment.exposureBias();
    this.scene.environment = environment.environmentMap();
    this.scene.environmentIntensity = environment.environmentIntensity();
    const rotation = environment.environmentRotation?.() ?? 0;
    this.scene.environmentRotation.set(0, rotation, 0);
    this.scene.background = transparent ? null : (backplate ?? environment.background());
    const key = environment.keyLight();
    this.key.position.copy(key.direction).multiplyScalar(KEY_DISTANCE);
    this.key.color.copy(key.color);
    this.key.intensity = key.intensity;
    this.key.visible = key.intensity > 0;
    this.fitShadow(environment, state.environment.name);
    this.catcher.shade(transparent ? null : (environment.shade?.() ?? DEFAULT_SHADE));
    const head = state.car.lamps.HeadLamps1;
    this.lampPool.visible = head.on && !transparent;
    (this.lampPool.material as THREE.MeshBasicMaterial).opacity = Math.min(1, 0.55 * head.intensity);
    this.lights.update(state.customLights);
  }

  /**
   * Fits the shadow to the sun: the catcher reaches as far as the car's shadow falls, on the environment's ground, and
   * the shadow camera's depth range reaches that far along the light (the car's outline, what the map must hold, is
   * the same size whatever the sun's height). The depth bias is scaled with the range to stay the same in metres.
   */
  private fitShadow(environment: Environment, ground: string): void {
    const direction = this.key.position.clone().normalize();
    const height = environment.groundHeight?.bind(environment) ?? (() => 0);
    this.catcher.fit(direction, height, environment.groundHeight ? ground.toLowerCase() : 'flat');
    const camera = this.key.shadow.camera;
    const far = Math.max(
      SHADOW_FAR,
      KEY_DISTANCE + shadowLength(direction) / Math.max(0.05, Math.hypot(direction.x, direction.z)) + 4,
    );
    if (camera.far === far) return;
    camera.far = far;
    camera.updateProjectionMatrix();
    this.key.shadow.bias = (SHADOW_BIAS * SHADOW_FAR) / far;
  }

  /**
   * Sets the stage up for one layer of a production render, after `apply` chose the background (transparent for
   * Car, Shadow and Color ID); the function it returns puts everything back. Beauty: as applied, with or without the
   * car's shadow on the ground. Car: the car alone. Background: all but the car and its shadow. Shadow: the ground's
   * shadow alone (the car still casts it but draws nothing). Color ID: the car in flat colours, one per part. Depth:
   * everything as its distance from the camera, the background at infinity.
   */
  showLayer(
    layer: ImageLayer,
    options: { groundShadow: boolean; depthRange: { near: number; far: number } },
  ): () => void {
    const undo: (() => void)[] = [];
    const set = <T extends object, K extends keyof T>(target: T, key: K, value: T[K]) => {
      const before = target[key];
      target[key] = value;
      undo.push(() => {
        target[key] = before;
      });
    };
    set(this.catcher.mesh, 'visible', layer === 'Shadow' || (layer === 'Beauty' && options.groundShadow));
    if (layer === 'Background') set(this.car.group, 'visible', false);
    this.car.group.traverse((node) => {
      if (!(node instanceof THREE.Mesh)) return;
      const mesh = node as THREE.Mesh;
      if (layer === 'Color ID') {
        const flat = (material: THREE.Material) => this.colorIds.for(material, mesh);
        set(mesh, 'material', Array.isArray(mesh.material) ? mesh.material.map(flat) : flat(mesh.material));
      }
      // Without its shadow, the car casts none at all: not on the catcher, nor on ground that takes shadows itself
      // (desert-pcg's plants). The shadow map is drawn again for each layer.
      if (layer === 'Car' || (layer === 'Beauty' && !options.groundShadow)) set(mesh, 'castShadow', false);
      if (layer === 'Shadow') {
        for (const material of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) {
          set(material, 'colorWrite', false);
          set(material, 'depthWrite', false);
        }
      }
    });
    if (layer === 'Depth') {
      set(this.scene, 'background', null);
      set(this.lampPool, 'visible', false);
      set(this.scene, 'overrideMaterial', this.depth);
      setUniform(this.depth, 'near', options.depthRange.near);
      setUniform(this.depth, 'far', options.depthRange.far);
    }
    return () => {
      for (const step of undo.reverse()) step();
    };
  }

  /** Whether the path tracer can show the stage as it is: a backplate is a screen-space image it cannot place. */
  get pathTraceable(): boolean {
    return !this.shown.backplate;
  }

  /** What differs in the path tracer's view between applies of the same state (a transparent still's). */
  get pathTracedVariant(): string {
    return this.shown.transparent ? 'transparent' : 'opaque';
  }

  /**
   * Runs `read` with the scene as the path tracer must see it (see PathTracedLook): raster stand-ins hidden, baked
   * materials swapped for physical ones, the environment's own light and background. Everything is put back after.
   */
  withPathTracedScene<T>(camera: THREE.Camera, read: () => T): T {
    const environment = this.environment;
    if (!environment) throw new Error('The stage has no environment yet');
    const look = environment.pathTraced(this.renderer, camera);
    const hidden: THREE.Object3D[] = [];
    const revealed: THREE.Object3D[] = [];
    const swapped: [THREE.Mesh, THREE.Mesh['material']][] = [];
    this.scene.traverse((object) => {
      const data = object.userData as {
        rasterOnly?: boolean;
        pathTracedOnly?: boolean;
        pathTracedMaterial?: THREE.Material;
      };
      if (data.rasterOnly && object.visible) {
        hidden.push(object);
        object.visible = false;
      }
      if (data.pathTracedOnly && !object.visible) {
        revealed.push(object);
        object.visible = true;
      }
      if (data.pathTracedMaterial && object instanceof THREE.Mesh) {
        const mesh = object as THREE.Mesh;
        swapped.push([mesh, mesh.material]);
        object.material = data.pathTracedMaterial;
      }
    });
    const catcher = this.catcher.mesh;
    const catcherMaterial = catcher.material;
    const catcherVisible = catcher.visible;
    if (look.ground) catcher.visible = false;
    else catcher.material = this.matteGround;
    const { environment: light, background } = this.scene;
    const backgroundRotation = this.scene.backgroundRotation.clone();
    this.scene.environment = look.light;
    this.scene.background = this.shown.transparent ? null : look.background;
    this.scene.backgroundRotation.copy(this.scene.environmentRotation);
    try {
      return read();
    } finally {
      for (const object of hidden) object.visible = true;
      for (const object of revealed) object.visible = false;
      for (const [mesh, material] of swapped) mesh.material = material;
      catcher.material = catcherMaterial;
      catcher.visible = catcherVisible;
      this.scene.environment = light;
      this.scene.background = background;
      this.scene.backgroundRotation.copy(backgroundRotation);
    }
  }

  private environmentFor(name: string): Environment {
    const wanted = name.toLowerCase();
    let environment = this.environments.get(wanted);
    if (!environment) {
      if (wanted === 'desert') environment = new DesertEnvironment(this.renderer);
      else if (wanted === 'desert-pcg') environment = new DesertPcgEnvironment(this.renderer);
      else if (wanted === 'hdribackdrop') environment = new HdriEnvironment(this.pmrem, this.renderer);
      else environment = new StudioEnvironment(this.pmrem, this.reflections);
      this.environments.set(wanted, environment);
    }
    return environment;
  }

  private async backplateTexture(url: string | null): Promise<THREE.Texture | null> {
    if (!url) return null;
    if (this.backplate?.url !== url) {
      const texture = await loadImage(url, 'image');
      texture.colorSpace = THREE.SRGBColorSpace;
      this.backplate?.texture.dispose();
      this.backplate = { url, texture };
    }
    return this.backplate.texture;
  }
}
