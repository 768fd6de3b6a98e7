import type { FastifyBaseLogger } from 'fastify';
import { ENGINE_CONFIG_DEFAULTS, type PostProcessValues } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';

/** The category the starter looks are listed under in the preset browser. */
export const STARTER_LOOK_CATEGORY = 'Starter looks';

interface StarterLook {
  /** Fixed, so that a look is seeded once for good: one an administrator deleted is not brought back. */
  id: string;
  name: string;
  /** What differs from the neutral defaults; the stored look names every value, so applying it replaces a look. */
  look: PostProcessValues;
}

/**
 * A few looks a fresh install can apply at once, each a finished grade rather than a single slider: tuned on the
 * reference engine's grading (exposure in stops, temperature and tint as channel shifts, the rest as offsets from 1).
 */
export const STARTER_LOOKS: readonly StarterLook[] = [
  {
    id: '0c0ffee0-5ea1-4000-8000-000000000001',
    name: 'Showroom',
    look: { ExposureCompensation: 0.3, GlobalContrast: 0.12, GlobalSaturation: 0.06, VignetteIntensity: 0.15 },
  },
  {
    id: '0c0ffee0-5ea1-4000-8000-000000000002',
    name: 'Golden hour',
    look: {
      TemperatureTemp: 0.35,
      TemperatureTint: 0.05,
      ExposureCompensation: 0.1,
      GlobalContrast: 0.1,
      GlobalSaturation: 0.12,
      Bloom_Intensity: 0.6,
      VignetteIntensity: 0.25,
    },
  },
  {
    id: '0c0ffee0-5ea1-4000-8000-000000000003',
    name: 'Cool studio',
    look: { TemperatureTemp: -0.25, GlobalContrast: 0.15, GlobalSaturation: -0.05, VignetteIntensity: 0.2 },
  },
  {
    id: '0c0ffee0-5ea1-4000-8000-000000000004',
    name: 'Cinematic',
    look: {
      TemperatureTemp: 0.1,
      GlobalContrast: 0.22,
      GlobalGamma: -0.05,
      GlobalSaturation: -0.12,
      Bloom_Intensity: 0.4,
      VignetteIntensity: 0.35,
    },
  },
  {
    id: '0c0ffee0-5ea1-4000-8000-000000000005',
    name: 'Monochrome',
    look: { ExposureCompensation: -0.1, GlobalContrast: 0.35, GlobalSaturation: -1, VignetteIntensity: 0.4 },
  },
];

/**
 * Puts the starter looks among the presets on start, as default post-process presets (everyone may apply and copy
 * them; administrators and moderators change them). Idempotent, deleted ones included; a second server copy
 * seeding at the same moment loses on the primary key and moves on.
 */
export async function seedStarterLooks(options: { db: Db; log: FastifyBaseLogger }): Promise<number> {
  const { db, log } = options;
  const known = new Set(
    (
      await db
        .selectFrom('presets')
        .select('id')
        .where(
          'id',
          'in',
          STARTER_LOOKS.map((starter) => starter.id),
        )
        .execute()
    ).map((row) => row.id),
  );
  let seeded = 0;
  for (const starter of STARTER_LOOKS.filter((candidate) => !known.has(candidate.id))) {
    const now = new Date().toISOString();
    try {
      await db
        .insertInto('presets')
        .values({
          id: starter.id,
          // Nobody's, like the built-in car: administrators manage it like any default preset.
          owner_id: null,
          name: starter.name,
          type: 'postProcess',
          category: STARTER_LOOK_CATEGORY,
          settings: JSON.stringify({ ...ENGINE_CONFIG_DEFAULTS.PostProcess, ...starter.look }),
          is_default: 1,
          group_id: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      seeded += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (seeded > 0) log.info(`seeded ${seeded} starter looks as default presets`);
  return seeded;
}
