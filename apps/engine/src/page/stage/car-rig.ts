import * as THREE from 'three';
import { GLTFLoader, type GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';
import type { ModelParts } from '../../contract/render-contract.js';
import { DOORS, PAINTS, TRIMS, paintKey, type LampName } from '../../contract/car-catalogue.js';
import type { ModelPaint } from '../../contract/model-paints.js';
import type { SceneState } from '../../contract/scene-state.js';
import { buildCar } from '../car/build-car.js';
import { setFlakes, type Flakes } from '../car/flakes.js';
import { setDragGeometry, tagInterior } from '../car/drag-detail.js';
import type { CabinBox } from './camera-rig.js';

const LAMPS: LampName[] = ['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs'];
/** Door values run 0..50 (protocol DOOR_RANGE); fully open is 70 degrees. */
const DOOR_OPEN_RADIANS = THREE.MathUtils.degToRad(70);
const LAMP_GLOW = 6;

interface Finish {
  metalness: number;
  roughness: number;
  clearcoat: number;
  clearcoatRoughness: number;
  sheen: number;
  /**
   * The base layer's own dielectric reflection. Under a clear coat it is next to none (lacquer on paint: one index
   * against another), so the built-in clear-coated paints have none: with both, a uniform white light laid two 4 %
   * reflections over the colour and greyed dark and saturated paints (Rallye Red ΔE2000 7.7, Obsidian Black 6.8 in
   * bench/fidelity-bench.mjs), where PBR Neutral is made to give back a base colour seen with one.
   */
  specularIntensity: number;
}

/** What the page sets on the Paint material(s). */
interface PaintValues extends Finish {
  color: string;
  flakes: Flakes | undefined;
}

const FINISH: Record<string, Finish> = {
  solid: { metalness: 0, roughness: 0.35, clearcoat: 1, clearcoatRoughness: 0.03, sheen: 0, specularIntensity: 0 },
  metallic: { metalness: 0.75, roughness: 0.3, clearcoat: 1, clearcoatRoughness: 0.03, sheen: 0, specularIntensity: 0 },
  pearl: { metalness: 0, roughness: 0.25, clearcoat: 1, clearcoatRoughness: 0.03, sheen: 0.6, specularIntensity: 0 },
  matte: { metalness: 0, roughness: 0.75, clearcoat: 0, clearcoatRoughness: 0.6, sheen: 0, specularIntensity: 1 },
};

interface CarParts {
  doors: Map<string, THREE.Object3D>;
  lamps: Map<LampName, THREE.MeshStandardMaterial[]>;
  /** The materials named Paint (a model may have several, e.g. body and doors). */
  paints: THREE.MeshPhysicalMaterial[];
  /** The built-in car's insides of painted panels (see paintInsides), in the paint's colour. */
  paintInside?: THREE.MeshStandardMaterial;
}

/** One look of the car (a trim) with the named parts found in it. */
interface CarLook {
  root: THREE.Object3D;
  parts: CarParts;
}

/**
 * The door a node is, by its name in the model file. three's loader makes node names unique across the whole file,
 * so in a file of several trims (one scene each) the second trim's doors are `DOOR_FL_1`…: looked up by the plain
 * name, they were never turned and stayed shut whatever their value. (The loader's own node-to-file map keeps only
 * the last scene it loaded, so the suffix is read instead.)
 */
function doorOf(node: THREE.Object3D): string | undefined {
  return DOORS.find((door) => node.name === door || new RegExp(`^${door}_\\d+$`).test(node.name));
}

function findParts(root: THREE.Object3D): CarParts {
  const parts: CarParts = { doors: new Map(), lamps: new Map(), paints: [] };
  root.traverse((node) => {
    const door = doorOf(node);
    // Depth first: a door's pivot comes before anything inside it that happens to carry a similar name.
    if (door && !parts.doors.has(door)) {
      node.userData.closedRotation ??= node.rotation.y;
      parts.doors.set(door, node);
    }
    const lamp = LAMPS.find((name) => node.name === name || node.name.startsWith(`${name}_`));
    if (lamp) {
      node.traverse((child) => {
        if (!(child instanceof THREE.Mesh)) return;
        const materials = (Array.isArray(child.material) ? child.material : [child.material]) as THREE.Material[];
        for (const material of materials) {
          if (!(material instanceof THREE.MeshStandardMaterial)) continue;
          const list = parts.lamps.get(lamp) ?? [];
          if (!list.includes(material)) list.push(material);
          parts.lamps.set(lamp, list);
        }
      });
    }
    if (node instanceof THREE.Mesh) {
      const materials = (Array.isArray(node.material) ? node.material : [node.material]) as THREE.Material[];
      for (const material of materials) {
        if (material.name !== 'Paint') continue;
        if (material instanceof THREE.MeshPhysicalMaterial) {
          if (!parts.paints.includes(material)) parts.paints.push(material);
        } else if (material instanceof THREE.MeshStandardMaterial) {
          // A model's Paint may be a standard material; the clear coat needs the physical one.
          const physical = new THREE.MeshPhysicalMaterial();
          THREE.MeshStandardMaterial.prototype.copy.call(physical, material);
          physical.name = 'Paint';
          node.material = materials.length > 1 ? materials.map((m) => (m === material ? physical : m)) : physical;
          parts.paints.push(physical);
        }
      }
      // The car casts onto the ground; self-shadowing is left to the environment light, which is far cheaper.
      node.castShadow = true;
      node.receiveShadow = false;
    }
  });
  return parts;
}

function cabinOf(root: THREE.Object3D): CabinBox {
  // The built-in car keeps its cabin on its root; in its GLB export the root sits one level down, in glTF extras.
  let stored: number[] | undefined;
  root.traverse((node) => {
    stored ??= node.userData.cabinBox as number[] | undefined;
  });
  if (stored?.length === 6) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = stored;
    return { min: new THREE.Vector3(a, b, c), max: new THREE.Vector3(d, e, f) };
  }
  // A loaded model says nothing about its cabin: take the middle of its bounds at seat height.
  const box = new THREE.Box3().setFromObject(root);
  const size = box.getSize(new THREE.Vector3());
  return {
    min: new THREE.Vector3(box.min.x + size.x * 0.3, box.min.y + size.y * 0.45, box.min.z + size.z * 0.35),
    max: new THREE.Vector3(box.max.x - size.x * 0.3, box.min.y + size.y * 0.75, box.max.z - size.z * 0.35),
  };
}

/**
 * Shares the vertices of the built car's meshes (they are built as separate triangles). Indexed, each vertex is shaded
 * once instead of once per triangle, which a CPU renderer feels, and the GLB export is a third of the size.
 */
function indexed(root: THREE.Object3D): THREE.Object3D {
  root.traverse((node) => {
    if (node instanceof THREE.Mesh) node.geometry = mergeVertices(node.geometry as THREE.BufferGeometry);
  });
  return root;
}

/**
 * Closed parts (tyres, rims, seats, trim) only show their outsides: culling their back faces cut a frame on the CPU
 * renderer by a fifth. Glass stays two-sided, as windows show their insides; paint's insides are paintInsides'.
 */
function cullClosedParts(root: THREE.Object3D): THREE.Object3D {
  root.traverse((node) => {
    if (!(node instanceof THREE.Mesh)) return;
    for (const material of (Array.isArray(node.material) ? node.material : [node.material]) as THREE.Material[]) {
      if (material.name !== 'Glass') material.side = THREE.FrontSide;
    }
  });
  return root;
}

/**
 * The insides of the built-in car's painted panels, seen through an open door or from the cabin: each painted mesh
 * gets a companion drawing its back faces in a plain satin paint, after everything opaque. Two-sided, the clear-coated
 * paint shaded every back face it drew before the front face covering it: paint front-sided with this companion
 * draws a 1080p sample in 634 ms where two-sided paint took 656 (issue 31 item 5), and a drag leaves the insides out. The path
 * tracer sees the companion as well (it honours a material's side), so a ray from the cabin finds the panel.
 */
function paintInsides(root: THREE.Object3D): THREE.MeshStandardMaterial {
  const inside = new THREE.MeshStandardMaterial({
    name: 'PaintInside',
    side: THREE.BackSide,
    metalness: 0,
    roughness: 0.55,
  });
  const painted: THREE.Mesh[] = [];
  root.traverse((node) => {
    if (node instanceof THREE.Mesh && (node.material as THREE.Material).name === 'Paint')
      painted.push(node as THREE.Mesh);
  });
  for (const mesh of painted) {
    const companion = new THREE.Mesh(mesh.geometry, inside);
    companion.name = 'PaintInside';
    companion.layers.mask = mesh.layers.mask;
    // After the opaque scene: most back faces then lie behind a front face and are not shaded.
    companion.renderOrder = 1;
    companion.castShadow = false;
    companion.receiveShadow = false;
    setDragGeometry(companion, null);
    mesh.add(companion);
  }
  return inside;
}

interface VariantMapping {
  material: number;
  variants: number[];
}

/**
 * KHR_materials_variants: three's loader keeps the extension's mappings on each mesh; a trim swaps in the mapped
 * materials, and meshes without a mapping for it go back to their default material.
 */
async function selectVariant(gltf: GLTF, look: CarLook, variant: number): Promise<void> {
  const meshes: THREE.Mesh[] = [];
  look.root.traverse((node) => {
    if (node instanceof THREE.Mesh) meshes.push(node as THREE.Mesh);
  });
  for (const mesh of meshes) {
    const extensions = mesh.userData.gltfExtensions as
      { KHR_materials_variants?: { mappings?: VariantMapping[] } } | undefined;
    const mappings = extensions?.KHR_materials_variants?.mappings;
    if (!mappings) continue;
    mesh.userData.defaultMaterial ??= mesh.material;
    const mapping = mappings.find((m) => m.variants.includes(variant));
    mesh.material = mapping
      ? ((await gltf.parser.getDependency('material', mapping.material)) as THREE.Material)
      : (mesh.userData.defaultMaterial as THREE.Material);
  }
  // Swapped-in materials may include a new Paint or lamp material: look the parts up again.
  const parts = findParts(look.root);
  look.parts.paints = parts.paints;
  look.parts.lamps = parts.lamps;
}

/** The lamps a look has, in the catalogue's order (HeadLamps1, TailLamps1, DRLs, SignatureLEDs), not the file's. */
const lampsOf = (look: CarLook): LampName[] => LAMPS.filter((lamp) => look.parts.lamps.has(lamp));

/** The car in the scene: the built-in one (built per trim on demand) or a loaded glTF with its trims. */
export class CarRig {
  readonly group = new THREE.Group();
  private builtIn = new Map<string, CarLook>();
  private loaded: {
    path: string;
    looks: Map<string, CarLook>;
    variants: string[];
    gltf: GLTF;
    /** The model's own paints, when its manifest has them: a state's paint is one of these. */
    paints: ModelPaint[];
  } | null = null;
  private current: CarLook | null = null;
  private readonly loader = new GLTFLoader();

  constructor() {
    this.group.name = 'Car';
  }

  get cabin(): CabinBox {
    return cabinOf(this.current?.root ?? this.group);
  }

  async load(url: string, path: string, paints: ModelPaint[] = []): Promise<ModelParts> {
    const gltf = await this.loader.loadAsync(url);
    const looks = new Map<string, CarLook>();
    const variantsExtension = gltf.parser.json as {
      extensions?: { KHR_materials_variants?: { variants?: { name: string }[] } };
    };
    const variants = (variantsExtension.extensions?.KHR_materials_variants?.variants ?? []).map((v) => v.name);
    if (variants.length === 0 && gltf.scenes.length > 1) {
      // three's loader sanitises object names ("Terra Base" → "Terra_Base"); trims keep the file's own names.
      const names = (gltf.parser.json as { scenes?: { name?: string }[] }).scenes ?? [];
      for (const [index, scene] of gltf.scenes.entries()) {
        looks.set(names[index]?.name ?? scene.name, { root: tagInterior(scene), parts: findParts(scene) });
      }
    } else {
      looks.set('', { root: tagInterior(gltf.scene), parts: findParts(gltf.scene) });
    }
    this.loaded = { path, looks, variants, gltf, paints };
    const first = looks.values().next().value as CarLook;
    const trims = variants.length > 0 ? variants : gltf.scenes.length > 1 ? [...looks.keys()] : [];
    return {
      doors: [...first.parts.doors.keys()],
      lamps: lampsOf(first),
      // Scenes are trims with their own nodes: each has the lamps it names (the first alone would hide DRLs).
      lampsByTrim: Object.fromEntries(
        [...looks].filter(([trim]) => trims.includes(trim)).map(([trim, look]) => [trim, lampsOf(look)]),
      ),
      hasPaint: first.parts.paints.length > 0,
      trims,
    };
  }

  /** Shows the state's car and trim, and sets paint, doors and lamps. */
  async apply(car: SceneState['car']): Promise<void> {
    const look = await this.look(car);
    if (look !== this.current) {
      this.group.clear();
      this.group.add(look.root);
      this.current = look;
    }
    const { parts } = look;
    const paint = this.paintOf(car);
    for (const material of parts.paints) {
      material.color.set(paint.color);
      material.metalness = paint.metalness;
      material.roughness = paint.roughness;
      material.clearcoat = paint.clearcoat;
      material.clearcoatRoughness = paint.clearcoatRoughness;
      material.sheen = paint.sheen;
      material.specularIntensity = paint.specularIntensity;
      // A pearl's glow is in its own hue: a white sheen washed Forest Green out to grey (ΔE2000 21 from its
      // catalogue colour in bench/fidelity-bench.mjs).
      material.sheenColor.set(paint.color);
      setFlakes(material, paint.flakes);
    }
    parts.paintInside?.color.set(paint.color);
    for (const [name, pivot] of parts.doors) {
      const value = car.doors[name as keyof typeof car.doors];
      // Outward is away from the car's centre line: the door hangs behind its hinge (-Z), so a left door (+X)
      // opens by turning negatively about +Y and a right door positively.
      const side = -(Math.sign(pivot.position.x) || 1);
      pivot.rotation.y = (pivot.userData.closedRotation as number) + side * (value / 50) * DOOR_OPEN_RADIANS;
    }
    for (const [name, materials] of parts.lamps) {
      const lamp = car.lamps[name];
      for (const material of materials) material.emissiveIntensity = lamp.on ? LAMP_GLOW * lamp.intensity : 0;
    }
  }

  /** The state's paint as material values: the loaded model's own paint when it brings paints, else the palette's. */
  private paintOf(car: SceneState['car']): PaintValues {
    const own = car.modelPath !== null && this.loaded?.path === car.modelPath ? this.loaded.paints : [];
    const paint = own.find((p) => paintKey(p.name) === car.paint) ?? own[0];
    if (paint) {
      return {
        color: paint.baseColor,
        metalness: paint.metallic,
        roughness: paint.roughness,
        clearcoat: paint.clearcoat,
        clearcoatRoughness: paint.clearcoatRoughness,
        sheen: 0,
        // As glTF layers a clear coat: over the base, whose own reflection stays.
        specularIntensity: 1,
        flakes: paint.flakes,
      };
    }
    const builtIn = PAINTS.find((p) => paintKey(p.name) === car.paint) ?? PAINTS[0];
    const finish = FINISH[builtIn?.finish ?? 'solid'] ?? FINISH.solid;
    return { color: builtIn?.color ?? '#ffffff', ...(finish as Finish), flakes: builtIn?.flakes };
  }

  private async look(car: SceneState['car']): Promise<CarLook> {
    if (car.modelPath === null) {
      let look = this.builtIn.get(car.trim);
      if (!look) {
        const trim = TRIMS.find((t) => t.name === car.trim) ?? TRIMS[0];
        if (!trim) throw new Error('The car catalogue has no trims');
        const root = tagInterior(cullClosedParts(indexed(buildCar(trim))));
        const parts = findParts(root);
        parts.paintInside = paintInsides(root);
        look = { root, parts };
        this.builtIn.set(car.trim, look);
      }
      return look;
    }
    if (!this.loaded || this.loaded.path !== car.modelPath) throw new Error(`Model ${car.modelPath} is not loaded`);
    const { looks, variants, gltf } = this.loaded;
    if (variants.length > 0) {
      const look = looks.get('') as CarLook;
      const index = variants.indexOf(car.trim);
      if (index >= 0) await selectVariant(gltf, look, index);
      return look;
    }
    return looks.get(car.trim) ?? (looks.values().next().value as CarLook);
  }

  /**
   * The car as the last applied state shows it, for a file export: the current trim's own nodes, its paint, doors and
   * lamps as set. Shared with the drawn scene, not copied: the exporters only read it.
   */
  configuredRoot(): THREE.Object3D {
    if (!this.current) throw new Error('No car is shown');
    return this.current.root;
  }

  /** Scenes for the GLB export of the built-in car: one per trim, named by the trim. */
  exportScenes(): THREE.Scene[] {
    return TRIMS.map((trim) => {
      const scene = new THREE.Scene();
      scene.name = trim.name;
      scene.add(indexed(buildCar(trim)));
      return scene;
    });
  }
}
