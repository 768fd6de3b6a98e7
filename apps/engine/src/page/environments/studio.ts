import * as THREE from 'three';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';
import type { SceneState } from '../../contract/scene-state.js';
import { CubeLight, pathTracedFloor, type Environment, type PathTracedLook } from './environment.js';
import { FloorReflection } from './floor-reflection.js';
import { libraryHdri } from './library-hdri.js';
import type { ReflectionCache } from './reflection-cache.js';

/** The path tracer's overhead softbox. */
const SOFTBOX_NITS = 3;

/** Turns the captured studio so the car body mirrors its dark walls, broken by the softboxes' highlights. */
const HDRI_ROTATION = THREE.MathUtils.degToRad(90);
/** The path tracer's floor from matte (the FloorGloss option at 0) to polished (at 1). */
const TRACED_FLOOR_ROUGHNESS = { matte: 0.92, polished: 0.15 } as const;

/** The capture is metered for its white cyc; the car sits in it darker, as it would under the softboxes alone. */
const HDRI_INTENSITY = 0.4;

/**
 * A photo studio: a seamless cyclorama (floor curving into the back wall) in soft grey, lit and reflected by a real
 * captured studio (softboxes, a ring light, a white cyc: a CC0 HDRI) with scrims hung for the car, and a high key
 * light for the contact shadow.
 */
export class StudioEnvironment implements Environment {
  readonly group = new THREE.Group();
  /**
   * What paint and glass reflect. A room of softboxes stands in only while the captured studio cannot load: made when
   * first asked for, since a reflection map is seconds of a CPU renderer's start, and the capture replaces it at once.
   */
  private envMap: THREE.Texture | null = null;
  private readonly room = new RoomEnvironment();
  private hdri: THREE.Texture | null = null;
  /** The captured studio with the car's own softboxes hung in it: what paint and glass reflect. */
  private readonly lightScene = new THREE.Scene();
  private readonly cubeLight = new CubeLight({ size: 256, near: 0.1, far: 100 });
  private tracedLight: THREE.Texture | null = null;
  private readonly reflection: FloorReflection;
  private readonly tracedFloor = pathTracedFloor(0x8c8c8c);

  constructor(
    private readonly pmrem: THREE.PMREMGenerator,
    private readonly reflections: ReflectionCache,
  ) {
    this.group.name = 'studio';
    // The cyclorama fills most of the picture, so its light is baked into vertex colours (a soft pool of light
    // around the car, darker towards the edges) instead of being shaded per pixel: on a CPU renderer that is most
    // of the frame time. The car's shadow falls on the stage's shadow catcher.
    const material = new THREE.MeshBasicMaterial({ vertexColors: true });
    const stage = cyclorama(material);
    // The path tracer lights the cyclorama itself, so it sees the bare grey surface.
    stage.userData.pathTracedMaterial = this.tracedFloor;
    this.group.add(stage);
    this.reflection = new FloorReflection(this.group);
    // The cyclorama closes the room around the car, so the room's light reaches the path tracer's floor only by
    // bounces, which is noise. A large overhead softbox, as a real studio hangs, lights it directly instead.
    const softbox = new THREE.RectAreaLight(0xffffff, SOFTBOX_NITS, 6, 4);
    softbox.position.set(0, 6.5, 0.5);
    softbox.lookAt(0, 0, 0);
    softbox.visible = false;
    softbox.userData.pathTracedOnly = true;
    this.group.add(softbox);
  }

  async update(state: SceneState['environment']): Promise<void> {
    const gloss = state.pcg.FloorGloss ?? 0;
    this.reflection.strength = gloss;
    this.tracedFloor.roughness = THREE.MathUtils.lerp(
      TRACED_FLOOR_ROUGHNESS.matte,
      TRACED_FLOOR_ROUGHNESS.polished,
      gloss,
    );
    if (this.hdri) return;
    try {
      this.hdri = await libraryHdri('studio');
    } catch (error) {
      // The studio stays usable on its room of softboxes; the next update tries the capture again.
      console.warn('The studio HDRI did not load', error);
      return;
    }
    this.lightScene.background = this.hdri;
    this.lightScene.backgroundRotation.set(0, HDRI_ROTATION, 0);
    this.lightScene.add(softboxes());
    const map = await this.reflections.map('studio-reflections', () =>
      this.pmrem.fromScene(this.lightScene, 0, 0.1, 100),
    );
    this.envMap?.dispose();
    this.envMap = map.texture;
    this.tracedLight = null;
  }

  environmentMap(): THREE.Texture {
    this.envMap ??= this.pmrem.fromScene(this.room, 0.02).texture;
    return this.envMap;
  }

  background(): THREE.Color {
    return new THREE.Color(0x2e2e2e);
  }

  keyLight() {
    return {
      direction: new THREE.Vector3(0.35, 1, 0.45).normalize(),
      color: new THREE.Color(0xffffff),
      intensity: 2.2,
    };
  }

  environmentIntensity(): number {
    return this.hdri ? HDRI_INTENSITY : 0.9;
  }

  exposureBias(): number {
    return 0;
  }

  pathTraced(renderer: THREE.WebGLRenderer): PathTracedLook {
    if (!this.tracedLight) {
      this.tracedLight = this.cubeLight.render(renderer, this.hdri ? this.lightScene : this.room);
    }
    return { light: this.tracedLight, background: this.background(), ground: true };
  }

  dispose(): void {
    this.envMap?.dispose();
    this.cubeLight.dispose();
    this.reflection.dispose();
  }
}

/**
 * The softboxes a car photographer hangs: a wide scrim over the car, drawn as one clean highlight along bonnet, roof
 * and boot, and a long scrim either side that lays a bright band along each flank above the dark of the floor. Seen
 * only in reflections: emissive panels in the light the car reflects, brighter than the capture around them.
 */
function softboxes(): THREE.Group {
  const group = new THREE.Group();
  const panel = (width: number, height: number, radiance: number) =>
    new THREE.Mesh(
      new THREE.PlaneGeometry(width, height),
      new THREE.MeshBasicMaterial({ color: new THREE.Color(radiance, radiance, radiance), side: THREE.DoubleSide }),
    );
  const scrim = panel(4, 9, SCRIM_RADIANCE);
  scrim.position.set(0, 5, 0);
  scrim.rotation.x = Math.PI / 2;
  group.add(scrim);
  for (const side of [-1, 1]) {
    const flank = panel(18, 2.4, FLANK_RADIANCE);
    flank.position.set(side * 6, 2.4, 0);
    flank.rotation.y = Math.PI / 2;
    group.add(flank);
  }
  return group;
}
/** Linear radiance of the softboxes, before the studio's HDRI_INTENSITY. */
const SCRIM_RADIANCE = 6;
const FLANK_RADIANCE = 3;

/**
 * Linear light per vertex: brightest under the car, a gentle fall-off outwards and up the wall, as bright as the path
 * tracer lights the bare cyclorama under the overhead softbox (path-tracing.integration.test.ts holds the two
 * together).
 */
function bakedLight(positions: number[]): number[] {
  const colors: number[] = [];
  // three.js reads the hex as sRGB and keeps it linear.
  const base = new THREE.Color(0x484848);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i] ?? 0;
    const y = positions[i + 1] ?? 0;
    const z = positions[i + 2] ?? 0;
    const distance = Math.hypot(x, z * 0.8, y * 0.6);
    const light = 0.6 + 0.9 * Math.exp(-(distance * distance) / 300);
    colors.push(base.r * light * 4.6, base.g * light * 4.6, base.b * light * 4.6);
  }
  return colors;
}

/**
 * A round stage: a floor that curves up into a wall all around, so the horizon disappears from every side the
 * crane can turn to (a lathe of the floor-to-wall profile).
 */
function cyclorama(material: THREE.Material): THREE.Mesh {
  const floorRadius = 18;
  const bend = 8;
  const height = 30;
  const profile: THREE.Vector2[] = [new THREE.Vector2(0, 0)];
  for (let r = 2; r < floorRadius; r += 2) profile.push(new THREE.Vector2(r, 0));
  for (let i = 0; i <= 12; i += 1) {
    const angle = (i / 12) * (Math.PI / 2);
    profile.push(new THREE.Vector2(floorRadius + Math.sin(angle) * bend, bend - Math.cos(angle) * bend));
  }
  profile.push(new THREE.Vector2(floorRadius + bend, height));
  const geometry = new THREE.LatheGeometry(profile, 72);
  const position = geometry.getAttribute('position');
  geometry.setAttribute('color', new THREE.Float32BufferAttribute(bakedLight(Array.from(position.array)), 3));
  const mesh = new THREE.Mesh(geometry, material);
  mesh.name = 'Cyclorama';
  material.side = THREE.DoubleSide;
  return mesh;
}
