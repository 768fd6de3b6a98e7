import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_TONE_MAPPER, STILL_LIMITS, TIME_OF_DAY_OPTIONS, TONE_MAPPERS } from '@autostudio/protocol';
import { z } from 'zod';
import type { StillOptions } from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';
import { findEnvironment } from '../scene/environments.js';
import { IMAGES_FOLDER } from '../scene/image-import.js';
import { initialSceneState } from '../scene/initial-state.js';

/** The still tool's flags (apps/engine/README.md); the look documentation and the fidelity bench pass the same. */
const flags = z.object({
  out: z.string().min(1),
  trim: z.string().default('Terra Limited'),
  paint: z.string().default('cobalt blue'),
  environment: z.string().default('studio'),
  yaw: z.coerce.number().default(30),
  pitch: z.coerce.number().default(8),
  distance: z.coerce.number().default(500),
  width: z.coerce.number().int().min(16).max(7680).default(1920),
  height: z.coerce.number().int().min(16).max(4320).default(1080),
  samples: z.coerce.number().int().min(1).max(STILL_LIMITS.samples.PathTracer).default(32),
  doors: z.coerce.number().min(0).max(50).default(0),
  lamps: z.enum(['on', 'off']).default('off'),
  renderer: z.enum(['raster', 'path-tracer']).default('raster'),
  /** Off: a path-traced still keeps its samples' grain (the fidelity bench's denoising comparison). */
  denoise: z.enum(['on', 'off']).default('on'),
  /** Off: a raster still without ambient occlusion (comparisons). */
  'ambient-occlusion': z.enum(['on', 'off']).default('on'),
  /** A drag's frame instead of a refined still: one sample at this fraction of the size, scaled up. */
  'drag-scale': z.coerce.number().min(0.05).max(1).optional(),
  time: z.enum(TIME_OF_DAY_OPTIONS).optional(),
  /** The studio floor's gloss, 0 (matte) to 1 (polished): the FloorGloss option. */
  'floor-gloss': z.coerce.number().min(0).max(1).optional(),
  /** Degrees about the vertical. */
  'sun-azimuth': z.coerce.number().min(0).max(360).optional(),
  'tone-mapper': z.enum(TONE_MAPPERS).default(DEFAULT_TONE_MAPPER),
  /** An .hdr or .exr file: the car stands in it on the HDRI backdrop. */
  hdri: z.string().optional(),
  'hdri-rotation': z.coerce.number().default(0),
  /** The camera in the cabin (the Interior spot) instead of on the crane. */
  interior: z.enum(['on', 'off']).default('off'),
  /** Millimetres on a 36 × 24 mm sensor. */
  'focal-length': z.coerce.number().positive().optional(),
});

/** One still of the built-in car: the scene, the files it names (by path in the engine folder) and the image. */
export interface StillRequest {
  out: string;
  state: SceneState;
  files: Record<string, Buffer>;
  still: StillOptions;
}

/** The still the command-line flags `args` ask for; a flag it does not know or a bad value is an error naming it. */
export async function stillRequest(args: readonly string[]): Promise<StillRequest> {
  const { values } = parseArgs({
    args: [...args],
    options: Object.fromEntries(Object.keys(flags.shape).map((name) => [name, { type: 'string' as const }])),
    strict: true,
  });
  const options = flags.parse(values);
  const state = initialSceneState({ width: 640, height: 360 });
  state.car.trim = options.trim;
  state.car.paint = options.paint.toLowerCase();
  state.environment.name = findEnvironment(options.environment)?.name ?? options.environment;
  state.camera.crane = { yaw: options.yaw, pitch: options.pitch, distance: options.distance };
  state.car.doors = { DOOR_FL: options.doors, DOOR_FR: options.doors, DOOR_RL: options.doors, DOOR_RR: options.doors };
  for (const lamp of Object.values(state.car.lamps)) lamp.on = options.lamps === 'on';
  if (options.time) state.environment.timeOfDay = options.time;
  if (options['sun-azimuth'] !== undefined) state.environment.sunDirection = options['sun-azimuth'];
  if (options['floor-gloss'] !== undefined) state.environment.pcg.FloorGloss = options['floor-gloss'];
  state.render.toneMapper = options['tone-mapper'];
  if (options.interior === 'on') state.camera.spot = 'Interior';
  if (options['focal-length']) state.camera.focalLength = options['focal-length'];
  const files: Record<string, Buffer> = {};
  if (options.hdri) {
    // Named by its contents' file, so that several requests' images can share one engine folder.
    const name = `${IMAGES_FOLDER}/backdrop-${path.basename(options.hdri)}`;
    files[name] = await readFile(options.hdri);
    state.environment.name = 'HDRIBackdrop';
    state.environment.hdri.imageUrl = name;
    state.environment.hdri.rotation = options['hdri-rotation'];
  }
  return {
    out: options.out,
    state,
    files,
    still: {
      width: options.width,
      height: options.height,
      format: options.out.toLowerCase().endsWith('.jpg') ? 'jpg' : 'png',
      samples: options.samples,
      renderer: options.renderer === 'path-tracer' ? 'pathTracer' : 'raster',
      denoise: options.denoise === 'on',
      ambientOcclusion: options['ambient-occlusion'] === 'on',
      dragScale: options['drag-scale'],
    },
  };
}
