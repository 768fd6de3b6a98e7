import type { CarLightName } from '@autostudio/protocol';

/**
 * The built-in car's trims and paints. The scene functions answer from this list, and the renderer builds the
 * car from it, so both agree on every name. A trim's label is its name without the first word (spec §3).
 */
/** The lamps as protocol names them (a type only: the page loads no protocol at runtime). */
export type LampName = CarLightName;

export interface TrimSpec {
  name: string;
  /** Lamps this trim has; DRLs and SignatureLEDs only on Limited and Wilderness (spec §3). */
  lamps: LampName[];
  wheel: { diameterInches: number; style: 'steel' | 'multi-spoke' | 'off-road' };
  /** Colour of bumpers, sills and mirror caps. */
  trimColor: string;
  roofRails: boolean;
  /** Paints offered on this trim, by key. */
  paints: string[];
}

export interface PaintSpec {
  /** Display name; its lower-cased form is the key (spec §3: paint options keyed by lower-cased name). */
  name: string;
  color: string;
  finish: 'solid' | 'metallic' | 'pearl' | 'matte';
  /** A metallic's or pearl's flakes: the share of the surface they cover and their size in millimetres. */
  flakes?: { amount: number; size: number };
}

export const PAINTS: PaintSpec[] = [
  { name: 'Glacier White', color: '#e9ecef', finish: 'solid' },
  // A black with a sparse, coarse flake: it sparkles in the sun and reads black in the shade. Its colour is what a
  // glossy black reads as in an even white light, the clear coat's 4 % sheen with it (a meter's SCI reading), as
  // every paint's colour here is: no coated paint can read as dark as its pigment alone (#0b0c0f, ΔE2000 4.6 off).
  { name: 'Obsidian Black', color: '#1d1e22', finish: 'metallic', flakes: { amount: 0.25, size: 1 } },
  { name: 'Rallye Red', color: '#b3121b', finish: 'solid' },
  { name: 'Cobalt Blue', color: '#1f4fa8', finish: 'metallic', flakes: { amount: 0.45, size: 0.8 } },
  // A silver is fine flake.
  { name: 'Lunar Silver', color: '#a7adb4', finish: 'metallic', flakes: { amount: 0.4, size: 0.4 } },
  { name: 'Pearl Opal', color: '#efe9df', finish: 'pearl', flakes: { amount: 0.3, size: 0.4 } },
  { name: 'Forest Green', color: '#24412f', finish: 'pearl', flakes: { amount: 0.3, size: 0.4 } },
  { name: 'Desert Sand', color: '#b9a27e', finish: 'matte' },
  { name: 'Graphite Matte', color: '#3a3d42', finish: 'matte' },
];

export const paintKey = (name: string): string => name.toLowerCase();

const ALL_PAINTS = PAINTS.map((paint) => paintKey(paint.name));

export const TRIMS: TrimSpec[] = [
  {
    name: 'Terra Base',
    lamps: ['HeadLamps1', 'TailLamps1'],
    wheel: { diameterInches: 17, style: 'steel' },
    trimColor: '#1b1c1f',
    roofRails: false,
    paints: ['glacier white', 'obsidian black', 'rallye red', 'lunar silver'],
  },
  {
    name: 'Terra Limited',
    lamps: ['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs'],
    wheel: { diameterInches: 20, style: 'multi-spoke' },
    trimColor: '#c9ccd1',
    roofRails: true,
    paints: ALL_PAINTS.filter((key) => key !== 'desert sand'),
  },
  {
    name: 'Terra Wilderness',
    lamps: ['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs'],
    wheel: { diameterInches: 18, style: 'off-road' },
    trimColor: '#2b2d30',
    roofRails: true,
    paints: ['desert sand', 'forest green', 'graphite matte', 'glacier white', 'obsidian black'],
  },
];

export const DEFAULT_TRIM = 'Terra Limited';
export const DEFAULT_PAINT = 'cobalt blue';

/** Spec §3: the label is the name without its first word. */
export const trimLabel = (name: string): string => name.split(' ').slice(1).join(' ');

export const DOORS = ['DOOR_FL', 'DOOR_FR', 'DOOR_RL', 'DOOR_RR'] as const;
export type DoorName = (typeof DOORS)[number];
