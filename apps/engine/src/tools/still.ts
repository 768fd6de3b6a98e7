import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_TONE_MAPPER, STILL_LIMITS, TIME_OF_DAY_OPTIONS, TONE_MAPPERS } from '@autostudio/protocol';
import { z } from 'zod';
import { findEnvironment } from '../scene/environments.js';
import { IMAGES_FOLDER } from '../scene/image-import.js';
import { initialSceneState } from '../scene/initial-state.js';
import { runTool, withRenderer } from './run-tool.js';

/**
 * `npm run engine:still -- --out car.png [--trim "Terra Limited"] [--paint "cobalt blue"] [--environment studio]
 * [--yaw 30] [--pitch 10] [--width 1920] [--height 1080] [--samples 32] [--doors 0] [--renderer path-tracer]
 * [--time Sunset] [--sun-azimuth 245] [--tone-mapper AgX] [--hdri sky.exr] [--hdri-rotation 90] [--interior on]
 * [--focal-length 18]`: one
 * still of the built-in car, without an engine server, for documentation and for looking at the car.
 */
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
  time: z.enum(TIME_OF_DAY_OPTIONS).optional(),
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

runTool(async () => {
  const { values } = parseArgs({
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
  state.render.toneMapper = options['tone-mapper'];
  if (options.interior === 'on') state.camera.spot = 'Interior';
  if (options['focal-length']) state.camera.focalLength = options['focal-length'];
  const files: Record<string, Buffer> = {};
  if (options.hdri) {
    const name = `${IMAGES_FOLDER}/backdrop${path.extname(options.hdri).toLowerCase()}`;
    files[name] = await readFile(options.hdri);
    state.environment.name = 'HDRIBackdrop';
    state.environment.hdri.imageUrl = name;
    state.environment.hdri.rotation = options['hdri-rotation'];
  }
  const started = Date.now();
  const image = await withRenderer(
    state,
    (renderer) =>
      renderer.still({
        width: options.width,
        height: options.height,
        format: options.out.toLowerCase().endsWith('.jpg') ? 'jpg' : 'png',
        samples: options.samples,
        renderer: options.renderer === 'path-tracer' ? 'pathTracer' : 'raster',
      }),
    files,
  );
  await writeFile(options.out, image);
  process.stdout.write(`Wrote ${options.out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
});
