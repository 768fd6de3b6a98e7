import * as THREE from 'three';
import type { LampName, TrimSpec } from '../../contract/car-catalogue.js';

/** Every material of one built car. One instance per material keeps draw calls down once geometry is merged. */
export interface CarMaterials {
  /** The renderer finds this by name and sets its colour and finish from the chosen paint. */
  paint: THREE.MeshPhysicalMaterial;
  glass: THREE.MeshPhysicalMaterial;
  /** Gloss black: window frames, pillars, seams, cowl. */
  gloss: THREE.MeshStandardMaterial;
  /** Unpainted black plastic: underbody, wheel wells, wiper arms. */
  matte: THREE.MeshStandardMaterial;
  /** Bumpers, sills, mirror caps and cladding in the trim's colour. */
  trim: THREE.MeshStandardMaterial;
  grille: THREE.MeshStandardMaterial;
  /** Clear outer lens of the head lamps, over their housing. */
  lens: THREE.MeshPhysicalMaterial;
  /** Red outer lens of the tail lamps. */
  tailLens: THREE.MeshPhysicalMaterial;
  /** Inside of a lamp: dark graphite walls and floor around the reflectors. */
  housing: THREE.MeshStandardMaterial;
  chrome: THREE.MeshStandardMaterial;
  plate: THREE.MeshStandardMaterial;
  tyre: THREE.MeshStandardMaterial;
  rim: THREE.MeshStandardMaterial;
  rimInner: THREE.MeshStandardMaterial;
  disc: THREE.MeshStandardMaterial;
  caliper: THREE.MeshStandardMaterial;
  leather: THREE.MeshStandardMaterial;
  dash: THREE.MeshStandardMaterial;
  carpet: THREE.MeshStandardMaterial;
  headliner: THREE.MeshStandardMaterial;
  screen: THREE.MeshStandardMaterial;
}

const standard = (name: string, parameters: THREE.MeshStandardMaterialParameters): THREE.MeshStandardMaterial =>
  new THREE.MeshStandardMaterial({ name, ...parameters });

/** Bright (chrome-like) trim gets metallic trim parts and chrome handles; dark trim stays plastic. */
export const isBrightTrim = (trim: TrimSpec): boolean =>
  new THREE.Color(trim.trimColor).getHSL({ h: 0, s: 0, l: 0 }).l > 0.5;

export function createMaterials(trim: TrimSpec): CarMaterials {
  const trimColor = new THREE.Color(trim.trimColor);
  const bright = isBrightTrim(trim);
  const rimStyle = trim.wheel.style;
  return {
    // Double-sided: through an open door one sees the inside of the fenders and roof rails. (The engine draws those
    // insides with a plainer companion, stage/car-rig.ts paintInsides; the GLB export keeps this.)
    paint: new THREE.MeshPhysicalMaterial({
      name: 'Paint',
      color: 0x1f4fa8,
      metalness: 0.6,
      roughness: 0.3,
      clearcoat: 1,
      clearcoatRoughness: 0.05,
      side: THREE.DoubleSide,
    }),
    glass: new THREE.MeshPhysicalMaterial({
      name: 'Glass',
      color: 0x1c252b,
      metalness: 0,
      roughness: 0.04,
      transparent: true,
      opacity: 0.42,
      depthWrite: false,
      side: THREE.DoubleSide,
    }),
    gloss: standard('BlackGloss', { color: 0x07080a, roughness: 0.18, metalness: 0.2, side: THREE.DoubleSide }),
    matte: standard('BlackPlastic', { color: 0x111214, roughness: 0.75, side: THREE.DoubleSide }),
    trim: standard('Trim', {
      color: trimColor,
      metalness: bright ? 0.85 : 0.15,
      roughness: bright ? 0.28 : 0.6,
      side: THREE.DoubleSide,
    }),
    grille: standard('Grille', { color: 0x060708, roughness: 0.35, metalness: 0.3 }),
    // Transparent, not transmissive: a transmission pass would double the cost of every frame on SwiftShader.
    lens: new THREE.MeshPhysicalMaterial({
      // Glass has no diffuse colour of its own: a white one would lay a grey haze over the lamp.
      name: 'LampLens',
      color: 0x0a0c0e,
      roughness: 0.02,
      transparent: true,
      opacity: 0.2,
      depthWrite: false,
      clearcoat: 1,
      clearcoatRoughness: 0.02,
    }),
    tailLens: new THREE.MeshPhysicalMaterial({
      name: 'TailLampLens',
      color: 0x8a0a12,
      roughness: 0.04,
      transparent: true,
      opacity: 0.55,
      depthWrite: false,
      clearcoat: 1,
      clearcoatRoughness: 0.02,
    }),
    housing: standard('LampHousing', { color: 0x15171a, metalness: 0.6, roughness: 0.35, side: THREE.DoubleSide }),
    chrome: standard('Chrome', { color: 0xd9dde2, metalness: 1, roughness: 0.12 }),
    plate: standard('NumberPlate', { color: 0xe9e9e4, roughness: 0.45 }),
    tyre: standard('Tyre', { color: 0x161616, roughness: 0.88 }),
    rim: standard('Rim', {
      color: rimStyle === 'steel' ? 0x8d9196 : rimStyle === 'off-road' ? 0x3b3e42 : 0xd4d7db,
      metalness: rimStyle === 'steel' ? 0.55 : 0.9,
      roughness: rimStyle === 'steel' ? 0.45 : rimStyle === 'off-road' ? 0.4 : 0.22,
    }),
    rimInner: standard('RimInner', { color: 0x2a2c2f, metalness: 0.7, roughness: 0.5, side: THREE.DoubleSide }),
    disc: standard('BrakeDisc', { color: 0x6d6f72, metalness: 0.9, roughness: 0.45 }),
    caliper: standard('Caliper', {
      color: rimStyle === 'multi-spoke' ? 0x9a1a1a : rimStyle === 'off-road' ? 0xb5541a : 0x2b2d30,
      roughness: 0.4,
    }),
    leather: standard('Leather', { color: 0x2e2925, roughness: 0.62 }),
    dash: standard('Dashboard', { color: 0x1d1e20, roughness: 0.7, side: THREE.DoubleSide }),
    carpet: standard('Carpet', { color: 0x1a1a1b, roughness: 0.95 }),
    headliner: standard('Headliner', { color: 0x5b5853, roughness: 0.9, side: THREE.DoubleSide }),
    screen: standard('Screen', { color: 0x05070a, roughness: 0.1, emissive: 0x0c2438, emissiveIntensity: 1 }),
  };
}

/** What a lamp's part is: the emitter (projector lens, light guide) or the reflector behind it, which glows less. */
export type LampPart = 'emitter' | 'reflector';

interface LampLook {
  color: number;
  emissive: number;
  metalness: number;
  roughness: number;
}

/**
 * Each lamp part's look when off, and the colour the renderer turns up when it is on. Off, a lamp must read as a
 * lamp (projector lenses dark and glassy, light guides a pale milky grey, reflectors dark chrome) without reading as
 * lit: a light grey, mirror-like part looks switched on in a bright studio. Only head and tail lamps have a
 * reflector (lamps.ts); running lights and the signature strip are light guides alone.
 */
const LAMP_LOOK: Record<LampName, { emitter: LampLook; reflector?: LampLook }> = {
  HeadLamps1: {
    emitter: { color: 0x14171b, emissive: 0xf4f8ff, metalness: 1, roughness: 0.06 },
    reflector: { color: 0x3c4148, emissive: 0xd4d8de, metalness: 1, roughness: 0.28 },
  },
  DRLs: { emitter: { color: 0x7d838b, emissive: 0xeef4ff, metalness: 0, roughness: 0.45 } },
  TailLamps1: {
    emitter: { color: 0x6a0c12, emissive: 0xff1a1a, metalness: 0, roughness: 0.35 },
    reflector: { color: 0x2a0609, emissive: 0x9a0c0c, metalness: 0.7, roughness: 0.3 },
  },
  SignatureLEDs: { emitter: { color: 0x7d838b, emissive: 0xd8e6ff, metalness: 0, roughness: 0.45 } },
};

/** The signature strip's light guide across the tailgate: the front strip's finish in the tail lamps' red. */
const RED_STRIP: LampLook = {
  ...LAMP_LOOK.SignatureLEDs.emitter,
  color: LAMP_LOOK.TailLamps1.emitter.color,
  emissive: 0xff2020,
};

/** Each lamp part gets its own material: the renderer switches lamps one name at a time. */
export function lampMaterial(
  lamp: LampName,
  meshName: string,
  rear: boolean,
  part: LampPart,
): THREE.MeshPhysicalMaterial {
  const own = LAMP_LOOK[lamp];
  const look =
    lamp === 'SignatureLEDs' && rear ? RED_STRIP : part === 'reflector' ? (own.reflector ?? own.emitter) : own.emitter;
  return new THREE.MeshPhysicalMaterial({
    name: meshName,
    color: look.color,
    metalness: look.metalness,
    roughness: look.roughness,
    emissive: look.emissive,
    emissiveIntensity: 0,
  });
}
