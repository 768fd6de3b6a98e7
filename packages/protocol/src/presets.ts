import { z } from 'zod';
import { LIST_DEFAULTS } from './constants.js';
import { JSON_DEPTH_MESSAGE, parseShallowJson } from './json-depth.js';
import { listQuerySchema } from './list.js';
import { plainText } from './names.js';
import { ownershipSchema, sharedWithSchema } from './sharing.js';

export const PRESET_TYPES = ['postProcess', 'animation'] as const;
export const presetTypeSchema = z.enum(PRESET_TYPES);
export type PresetType = z.infer<typeof presetTypeSchema>;

/** The category list hides this one (spec §3). */
export const HIDDEN_PRESET_CATEGORY = 'default';
/** A copy of a preset is named with this suffix (spec §3). */
export const PRESET_COPY_SUFFIX = ' copy';

export const MAX_SETTINGS_LENGTH = 1_000_000;

/** `settings` travels as a JSON string (spec §3); the server checks that it is one. */
export const settingsStringSchema = z
  .string()
  .max(MAX_SETTINGS_LENGTH, `settings must be at most ${MAX_SETTINGS_LENGTH} characters`)
  .superRefine((value, context) => {
    const parsed = parseShallowJson(value);
    if (parsed.ok) return;
    context.addIssue({
      code: 'custom',
      message: parsed.reason === 'syntax' ? 'settings must be a JSON string' : `settings ${JSON_DEPTH_MESSAGE}`,
    });
  });

export const presetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: presetTypeSchema,
    category: z.string(),
    settings: z.string(),
    isDefault: z.boolean(),
    /** The upload group holding an animation's preview images: whoever may see the preset may read it. */
    groupId: z.string().nullable(),
    /** Upload id → media URL of each preview image in the group (animation presets only). */
    previewImageMapping: z.record(z.string(), z.string()).optional(),
  })
  .extend(ownershipSchema.shape)
  .extend(sharedWithSchema.shape);
export type Preset = z.infer<typeof presetSchema>;

const nameSchema = plainText(z.string().trim().min(1, 'name is required').max(200));
const categorySchema = plainText(z.string().trim().min(1).max(100));

export const createPresetRequestSchema = z
  .object({
    name: nameSchema.optional(),
    type: presetTypeSchema,
    category: categorySchema.default(HIDDEN_PRESET_CATEGORY),
    settings: settingsStringSchema.default('{}'),
    isDefault: z.boolean().default(false),
    groupId: z.string().trim().min(1).max(64).nullable().optional(),
    /** Copies this preset: its settings and category, named with the copy suffix unless a name is given. */
    copyOf: z.string().min(1).max(64).optional(),
  })
  .refine((body) => body.name !== undefined || body.copyOf !== undefined, {
    message: 'name is required',
    path: ['name'],
  });
export type CreatePresetRequest = z.infer<typeof createPresetRequestSchema>;

export const updatePresetRequestSchema = z
  .object({
    name: nameSchema.optional(),
    category: categorySchema.optional(),
    settings: settingsStringSchema.optional(),
    isDefault: z.boolean().optional(),
    groupId: z.string().trim().min(1).max(64).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change');
export type UpdatePresetRequest = z.infer<typeof updatePresetRequestSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const presetsQuerySchema = z.object({ type: presetTypeSchema.optional(), isDefault: booleanQuery.optional() });
export const presetCategoriesQuerySchema = z.object({ type: presetTypeSchema.optional() });
export const presetsFilteredQuerySchema = listQuerySchema(LIST_DEFAULTS.presets, 'presets').extend({
  type: presetTypeSchema.optional(),
  category: plainText(z.string().trim().max(100)).optional(),
});
