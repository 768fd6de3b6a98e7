import * as THREE from 'three';
import { Sky } from 'three/addons/objects/Sky.js';
import type { SceneState } from '../../contract/scene-state.js';
import { CubeLight, pathTracedFloor, sunFor, type Environment, type PathTracedLook } from './environment.js';
import { SkyPrefilter } from './sky-prefilter.js';

const radians = THREE.MathUtils.degToRad;

/**
 * An open desert: physical sky whose sun follows the time of day and the sun direction, rolling sand dunes, and the
 * sky itself as the image-based light. The sky and its ground are the same all round the vertical but for the sun,
 * so the light is prefiltered once per time of day with the sun due north and turned to the sun's azimuth:
 * prefiltering costs about a second of a CPU renderer's time (SkyPrefilter), a turn nothing.
 */
export class DesertEnvironment implements Environment {
  readonly group = new THREE.Group();
  /** The sky the light is made from, its sun due north. */
  private readonly sky = new Sky();
  /** The sky the camera sees, its sun where the state puts it. */
  private readonly skyDome: Sky;
  private readonly skyScene = new THREE.Scene();
  private readonly reflectedGround = reflectedSand();
  /** Prefiltered light per sun (elevation, colour, intensity), the most recently used last. */
  private readonly lights = new Map<string, THREE.WebGLRenderTarget>();
  private lightKey = '';
  private light: THREE.WebGLRenderTarget | null = null;
  private azimuth = 0;
  private sunKey = '';
  private sun = { direction: new THREE.Vector3(0, 1, 0), color: new THREE.Color(0xffffff), intensity: 3 };
  private readonly cubeLight = new CubeLight({ size: 256, near: 1, far: 10000 });
  /** The sky as the path tracer's light, rendered again when the sun moves. */
  private tracedLight: THREE.Texture | null = null;
  /** The sky's irradiance (its sun due north, the sun disc left out: the sun is the key light), for the sand. */
  private skyIrradiance = new THREE.SphericalHarmonics3();
  private readonly probeCube = new CubeLight({ size: 32, near: 1, far: 10000 });
  private readonly prefilter = new SkyPrefilter();
  private exposure = 0;
  private readonly sand = dunes();
  private readonly shadeColor = new THREE.Color(1, 1, 1);

  constructor(private readonly renderer: THREE.WebGLRenderer) {
    this.group.name = 'desert';
    this.sky.scale.setScalar(4000);
    this.skyScene.add(this.sky);
    // The sky alone would mirror sky below the horizon too: paint and glass reflect a horizon line and sunlit sand
    // only with a ground in the light they are lit by.
    this.skyScene.add(this.reflectedGround);
    this.skyDome = this.sky.clone();
    // A clone shares its material: the dome's sun must be free to stand elsewhere.
    this.skyDome.material = this.sky.material.clone();
    // The path tracer takes the sky as its environment light and background, not as a mesh.
    this.skyDome.userData.rasterOnly = true;
    this.group.add(this.skyDome);
    this.sand.userData.pathTracedMaterial = pathTracedFloor(SAND_ALBEDO);
    this.group.add(this.sand);
  }

  async update(state: SceneState['environment']): Promise<void> {
    const sun = sunFor(state);
    const key = `${sun.elevation}/${sun.azimuth}`;
    if (key === this.sunKey) return;
    this.sunKey = key;
    this.azimuth = sun.azimuth;
    const direction = sunDirection(sun.elevation, sun.azimuth);
    setSky(this.skyDome, sun.elevation, direction);
    this.sun = {
      direction: sun.elevation > 0 ? direction : new THREE.Vector3(0.3, 1, 0.2).normalize(),
      color: new THREE.Color(sun.color),
      intensity: sun.intensity,
    };
    const lightKey = `${sun.elevation}/${sun.color}/${sun.intensity}`;
    if (lightKey !== this.lightKey) {
      this.lightKey = lightKey;
      setSky(this.sky, sun.elevation, sunDirection(sun.elevation, 0));
      // The sky lights the car at the environment's intensity: the sand takes the same.
      this.skyIrradiance = (await this.measuredSky()).scale(this.environmentIntensity());
      // Sand facing up takes the same light whatever the sun's azimuth.
      const ground = (this.reflectedGround.material as THREE.MeshBasicMaterial).color;
      sunlitSand(UP, UP, this.sun, this.skyIrradiance, ground);
      const shaded = sunlitSand(UP, UP, { ...this.sun, intensity: 0 }, this.skyIrradiance, new THREE.Color());
      const share = (part: number, all: number) => (all > 0 ? Math.min(1, part / all) : 1);
      this.shadeColor.setRGB(share(shaded.r, ground.r), share(shaded.g, ground.g), share(shaded.b, ground.b));
      this.light = this.prefiltered();
      this.tracedLight = null;
      this.exposure = metered(sun.elevation, luminance(ground));
    }
    bakeSunlight(this.sand, this.sun, this.skyIrradiance, this.azimuth);
  }

  /**
   * The sky's light as spherical harmonics, measured from the sky itself: the sand is lit by the same sky the path
   * tracer samples, so the raster and the path-traced sand agree (a hand-tuned fill made the traced sand blue-grey).
   */
  private async measuredSky(): Promise<THREE.SphericalHarmonics3> {
    this.reflectedGround.visible = false;
    try {
      return await this.withoutSunDisc(() => this.probeCube.irradiance(this.renderer, this.skyScene));
    } finally {
      this.reflectedGround.visible = true;
    }
  }

  /**
   * Runs `draw` with the sky's sun disc hidden: the sun is the key light, counted once. The disc is back before the
   * result is awaited (the cube is drawn at once; only its read-back waits).
   */
  private withoutSunDisc<T>(draw: () => T): T {
    const uniforms = this.sky.material.uniforms as Record<string, THREE.IUniform>;
    if (uniforms.showSunDisc) uniforms.showSunDisc.value = 0;
    try {
      return draw();
    } finally {
      if (uniforms.showSunDisc) uniforms.showSunDisc.value = 1;
    }
  }

  /** The light for the current sun, prefiltered on first use; a few are kept for going back and forth. */
  private prefiltered(): THREE.WebGLRenderTarget {
    const cached = this.lights.get(this.lightKey);
    if (cached) {
      this.lights.delete(this.lightKey);
      this.lights.set(this.lightKey, cached);
      return cached;
    }
    const target = this.prefilter.prefilter(this.renderer, this.skyScene, 1, 10000);
    this.lights.set(this.lightKey, target);
    for (const [key, old] of this.lights) {
      if (this.lights.size <= KEPT_LIGHTS) break;
      old.dispose();
      this.lights.delete(key);
    }
    return target;
  }

  environmentMap(): THREE.Texture | null {
    return this.light?.texture ?? null;
  }

  environmentRotation(): number {
    return radians(this.azimuth);
  }

  background(): null {
    return null;
  }

  keyLight() {
    return this.sun;
  }

  /** Sand in the car's shadow keeps the sky's light alone. */
  shade(): THREE.Color {
    return this.shadeColor;
  }

  /** The sand's height as its mesh draws it: linear across each of the grid's triangles. */
  groundHeight(x: number, z: number): number {
    return heightOnGrid(this.sand.geometry, DUNES, x, z);
  }

  environmentIntensity(): number {
    return this.sun.direction.y > 0.1 ? 0.6 : 0.25;
  }

  exposureBias(): number {
    return this.exposure;
  }

  pathTraced(renderer: THREE.WebGLRenderer): PathTracedLook {
    if (!this.tracedLight) {
      // The sun is the key light, sampled directly; a sun disc in the sky too would be counted twice and, a few
      // texels of enormous radiance, turn the sand into noise that never clears.
      this.tracedLight = this.withoutSunDisc(() => this.cubeLight.render(renderer, this.skyScene));
    }
    return { light: this.tracedLight, background: this.tracedLight, ground: true };
  }

  dispose(): void {
    for (const target of this.lights.values()) target.dispose();
    this.lights.clear();
    this.light = null;
    this.cubeLight.dispose();
    this.probeCube.dispose();
    this.prefilter.dispose();
  }
}

/**
 * Exposure in stops as a photographer meters the desert: sunlit sand at the same brightness through the day, a low
 * sun's picture kept darker than the day's (the light is the subject), and the twilights and the night at a fixed
 * exposure so they look as dark as they are.
 */
function metered(elevation: number, sand: number): number {
  if (elevation <= 0) return 1.2;
  return Math.min(0.4, Math.log2(SUNLIT_SAND / Math.max(1e-3, sand)));
}
/** The linear luminance sunlit flat sand is exposed to: bright, short of white. */
const SUNLIT_SAND = 0.7;

function luminance(color: THREE.Color): number {
  return 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b;
}

/** Prefiltered desert lights kept (about 6 MB each): a user comparing times of day goes back and forth. */
const KEPT_LIGHTS = 4;

/** Towards the sun, `elevation` degrees above the horizon and `azimuth` degrees about the vertical from +z. */
function sunDirection(elevation: number, azimuth: number): THREE.Vector3 {
  return new THREE.Vector3().setFromSphericalCoords(1, radians(90 - elevation), radians(azimuth));
}

/** The sky's sun and haze for a sun `elevation` degrees high, seen towards `direction`. */
function setSky(sky: Sky, elevation: number, direction: THREE.Vector3): void {
  const uniforms = sky.material.uniforms as Record<string, THREE.IUniform>;
  (uniforms.sunPosition?.value as THREE.Vector3).copy(direction);
  if (uniforms.turbidity) uniforms.turbidity.value = 6;
  if (uniforms.rayleigh) uniforms.rayleigh.value = elevation < 10 ? 3 : 1.6;
  if (uniforms.mieCoefficient) uniforms.mieCoefficient.value = 0.004;
  if (uniforms.mieDirectionalG) uniforms.mieDirectionalG.value = 0.8;
}

/** The dunes' extent and grid (metres, cells per side). */
const DUNES = { size: 1200, cells: 96 } as const;

/** Low, wide sand dunes: a displaced grid, flat where the car stands. */
function dunes(): THREE.Mesh {
  const geometry = new THREE.PlaneGeometry(DUNES.size, DUNES.size, DUNES.cells, DUNES.cells);
  geometry.rotateX(-Math.PI / 2);
  const position = geometry.getAttribute('position');
  for (let i = 0; i < position.count; i += 1) {
    const x = position.getX(i);
    const z = position.getZ(i);
    const distance = Math.hypot(x, z);
    // A wide flat hollow, the dunes rising beyond it: seen from the car they stay under 4° all round, so a sun as low
    // as Sunrise's and Sunset's still lights the car and throws its long shadow (the dunes cast none in the raster).
    const flat = THREE.MathUtils.smoothstep(distance, 40, 160) * 1.3;
    const height =
      Math.sin(x * 0.021 + Math.cos(z * 0.013) * 2) * 4 +
      Math.sin(z * 0.017 + x * 0.006) * 3 +
      Math.sin(x * 0.05) * 0.8;
    position.setY(i, flat * Math.max(0, height + 2));
  }
  geometry.computeVertexNormals();
  geometry.setAttribute('color', new THREE.Float32BufferAttribute(new Float32Array(position.count * 3), 3));
  // Sunlight is baked per vertex when the sun moves (bakeSunlight): the sand fills most of the picture.
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ vertexColors: true }));
  mesh.name = 'Dunes';
  return mesh;
}

/**
 * The height of a PlaneGeometry laid flat (rotateX(−π/2), heights in y) at (x, z): three splits each cell (a at its
 * lowest x and z, b the next along z, d the next along x, c across) into the triangles a-b-d and b-c-d.
 */
function heightOnGrid(
  geometry: THREE.BufferGeometry,
  grid: { size: number; cells: number },
  x: number,
  z: number,
): number {
  const cell = grid.size / grid.cells;
  const fx = (x + grid.size / 2) / cell;
  const fz = (z + grid.size / 2) / cell;
  const ix = THREE.MathUtils.clamp(Math.floor(fx), 0, grid.cells - 1);
  const iz = THREE.MathUtils.clamp(Math.floor(fz), 0, grid.cells - 1);
  const u = THREE.MathUtils.clamp(fx - ix, 0, 1);
  const v = THREE.MathUtils.clamp(fz - iz, 0, 1);
  const position = geometry.getAttribute('position');
  const at = (i: number, k: number) => position.getY(k * (grid.cells + 1) + i);
  const a = at(ix, iz);
  const b = at(ix, iz + 1);
  const c = at(ix + 1, iz + 1);
  const d = at(ix + 1, iz);
  return u + v <= 1 ? a + u * (d - a) + v * (b - a) : c + (1 - u) * (b - c) + (1 - v) * (d - c);
}

const SAND_ALBEDO = 0xdcc7a4;
// three.js reads a hex colour as sRGB and keeps it linear: converting it again would darken and saturate it (the sand
// came out orange).
const SAND = new THREE.Color(SAND_ALBEDO);
type Sun = { direction: THREE.Vector3; color: THREE.Color; intensity: number };
const UP = new THREE.Vector3(0, 1, 0);

/**
 * The linear radiance of sand facing `normal`: Lambert light from the sun and the sky, whose light is measured with
 * its sun due north (`skyNormal` is the normal turned into that frame).
 */
function sunlitSand(
  normal: THREE.Vector3,
  skyNormal: THREE.Vector3,
  sun: Sun,
  sky: THREE.SphericalHarmonics3,
  target: THREE.Color,
): THREE.Color {
  const direct = Math.max(0, normal.dot(sun.direction)) * sun.intensity;
  const irradiance = sky.getIrradianceAt(skyNormal, scratch);
  // A Lambert surface sends out its albedo times the irradiance over π, as three.js and the path tracer shade it.
  return target.setRGB(
    (SAND.r * (direct * sun.color.r + Math.max(0, irradiance.x))) / Math.PI,
    (SAND.g * (direct * sun.color.g + Math.max(0, irradiance.y))) / Math.PI,
    (SAND.b * (direct * sun.color.b + Math.max(0, irradiance.z))) / Math.PI,
  );
}
const scratch = new THREE.Vector3();

/** The sand's light per vertex, baked when the sun moves to `azimuth`. */
function bakeSunlight(mesh: THREE.Mesh, sun: Sun, sky: THREE.SphericalHarmonics3, azimuth: number): void {
  const geometry = mesh.geometry;
  const normal = geometry.getAttribute('normal');
  const color = geometry.getAttribute('color');
  const n = new THREE.Vector3();
  const skyNormal = new THREE.Vector3();
  const radiance = new THREE.Color();
  for (let i = 0; i < normal.count; i += 1) {
    n.fromBufferAttribute(normal, i);
    skyNormal.copy(n).applyAxisAngle(UP, -radians(azimuth));
    sunlitSand(n, skyNormal, sun, sky, radiance);
    color.setXYZ(i, radiance.r, radiance.g, radiance.b);
  }
  color.needsUpdate = true;
}

/** The ground as the image-based light sees it: flat sand to the horizon, just under the light's viewpoint. */
function reflectedSand(): THREE.Mesh {
  const geometry = new THREE.CircleGeometry(3000, 64);
  geometry.rotateX(-Math.PI / 2);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
  mesh.position.y = -2;
  return mesh;
}
