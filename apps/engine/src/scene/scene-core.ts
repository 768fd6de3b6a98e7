import { CAR_LIGHT_NAMES } from '@autostudio/protocol';
import type { ModelParts, Renderer } from '../contract/renderer.js';
import type { PathTracingMode } from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';
import { DOORS, TRIMS } from '../contract/car-catalogue.js';
import type { ImageImports } from './image-import.js';

/**
 * What every domain of the scene (car, backdrop, camera, lights, sequences, post-process) works on. `state` is
 * replaced whole by a restore or a reset, so a domain reads it through the core each time and never keeps it.
 */
export interface SceneCore {
  state: SceneState;
  /** What the loaded car model offers; the car's functions refuse what it lacks. */
  parts: ModelParts;
  /** Spec §3: the editor view until a camera is chosen. */
  viewMode: 'editor' | 'camera';
  readonly renderer: Renderer;
  /** The engine's folder: downloaded models, imported images, renders. */
  readonly dataDir: string;
  /** `off` refuses path-traced stills; `auto` and `on` are the renderer's business (see PathTracingMode). */
  readonly pathTracing: PathTracingMode | undefined;
  readonly images: ImageImports;
}

/** What the built-in car offers: every door, the trim's lamps, a paint, three trims. */
export function builtInParts(): ModelParts {
  return {
    doors: [...DOORS],
    lamps: [...CAR_LIGHT_NAMES],
    hasPaint: true,
    trims: TRIMS.map((t) => t.name),
  };
}

export const clamp = (value: number, range: { min: number; max: number }) =>
  Math.min(range.max, Math.max(range.min, value));

/** Degrees into -180..180, as Unreal's rotators report them. */
export function wrapDegrees(value: number): number {
  const wrapped = ((value % 360) + 360) % 360;
  return wrapped > 180 ? wrapped - 360 : wrapped;
}
