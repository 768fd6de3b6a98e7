import {
  variantTitle,
  type EngineConfigSettings,
  type EngineResult,
  type EnvironmentOption,
} from '@autostudio/protocol';

/** Every field present, records and arrays as they are: what a filled-in configuration looks like. */
type Filled<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]-?: Filled<NonNullable<T[K]>> }
    : T;

/**
 * The engine's whole configuration as the studio holds it: the shape `Update New Config` applies and
 * `Get Current Config` answers, with every section filled. Saving a configuration serialises exactly this.
 */
export type EngineSettings = Filled<EngineConfigSettings>;
export type CameraSettings = EngineSettings['Camera'];
export type EnvironmentSettings = EngineSettings['Environment'];
export type ConfigLight = EngineSettings['CustomLights'][number];

/** A trim as the car panel lists it (spec §3: name, index, and a label that drops the first word). */
export interface TrimOption {
  name: string;
  index: number;
  label: string;
}

/** What the engine offers to choose from; everything the panels list comes from here. */
export interface EngineOptions {
  trims: TrimOption[];
  /** Paint keys offered on the current trim. */
  paints: string[];
  /** Swatch colour per paint key, when the engine knows it. */
  swatches: Record<string, string>;
  /** Per trim, the paint keys it offers. */
  trimPaints: Record<string, string[]>;
  environments: EnvironmentOption[];
  timesOfDay: string[];
  bokehShapes: string[];
}

export const NO_OPTIONS: EngineOptions = {
  trims: [],
  paints: [],
  swatches: {},
  trimPaints: {},
  environments: [],
  timesOfDay: [],
  bokehShapes: [],
};

/** Spec §3: a trim's label is its name without the first word ("Terra Limited" → "Limited"). */
export function trimLabel(name: string): string {
  const rest = name.trim().split(/\s+/).slice(1).join(' ');
  return rest || name;
}

export function trimOptions(answer: EngineResult<'GetCarOptions'>): TrimOption[] {
  return answer.options.map((name, index) => ({ name, index, label: trimLabel(name) }));
}

/**
 * Spec §3: an environment's label is its name without its first underscore-separated part ("ENV_Desert" → "Desert").
 * A name with no such part is a key ("desert-pcg", "HDRIBackdrop"): it is split into words, each capitalised, and a
 * word without vowels read as an abbreviation ("Desert PCG", "HDRI Backdrop"). The one place environments get the
 * label every list shows.
 */
export function environmentLabel(name: string): string {
  const parts = name.split('_').filter(Boolean);
  const rest = parts.length > 1 ? parts.slice(1) : parts;
  const words = rest
    .join(' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s-]+/)
    .filter(Boolean);
  const label = words
    .map((word) => (/^[^aeiouy]+$/i.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
  return label || name;
}

/** The engine's environments, each with the label of the spec's rule. */
export function environmentOptions(answer: EngineResult<'GetEnvironmentOptions'>): EnvironmentOption[] {
  return answer.Options.map((option) => ({ ...option, label: environmentLabel(option.name) }));
}

/** A paint key as people read it: "rallye red" → "Rallye Red" (as the render files and contact sheets name it). */
export const paintLabel = (key: string): string => variantTitle(key);
