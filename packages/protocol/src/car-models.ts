import { z } from 'zod';
import { configSettingsSchema } from './configs.js';
import { CAR_MODEL_FORMATS } from './car-model-formats.js';
import { renderMetadataSchema, requireScene } from './render-jobs.js';

/** The rendered-asset type of an exported car, and the item kind of its small picture beside the files. */
export const CAR_MODEL_ASSET_TYPE = 'model';

/**
 * POST /render-car-model-workflow: the configuration's car as it is configured (trim, paint, doors) as files for other
 * tools, exported by a render engine as one job: it lands in the gallery with a picture of the car and one item per
 * file, each with its size.
 */
export const carModelRequestSchema = z
  .object({
    formats: z
      .array(z.enum(CAR_MODEL_FORMATS))
      .min(1, 'choose at least one format')
      .max(CAR_MODEL_FORMATS.length)
      .refine((formats) => new Set(formats).size === formats.length, 'must not name a format twice')
      .default([...CAR_MODEL_FORMATS]),
    settings: configSettingsSchema.optional(),
    metadata: renderMetadataSchema,
  })
  .superRefine(requireScene);
export type CarModelRequest = z.infer<typeof carModelRequestSchema>;
export type CarModelRequestInput = z.input<typeof carModelRequestSchema>;

/** Texts of the car model export. */
export const CAR_MODEL_MESSAGES = {
  startFailed: 'Failed to start the car export',
  exporting: (format: string) => `Exporting the car as ${format}`,
  completed: (formats: readonly string[]) => `The car exported as ${formats.join(' and ')}`,
} as const;
