import { z } from 'zod';
import { LIST_DEFAULTS } from './constants.js';
import { listQuerySchema } from './list.js';
import { plainText } from './names.js';
import { savedConfigSettingsSchema, type SavedConfigSettings } from './saved-config.js';
import { ownershipSchema, sharedWithSchema } from './sharing.js';
import { updateFieldsOf } from './update-fields.js';

/** The saved studio state (spec §3 "Configuration"), typed section by section in saved-config.ts. */
export const configSettingsSchema = savedConfigSettingsSchema;
export type ConfigSettings = SavedConfigSettings;

export const configSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    projectPath: z.string(),
    settings: configSettingsSchema,
    /** The preview snapshot taken from the stream when the configuration was saved. */
    imageUrl: z.string().nullable(),
    /**
     * The render service's still of the configuration as saved (its car, settings and camera view; CONFIG_STILL),
     * shown at once when it is opened. Null until it is rendered; then the studio shows `imageUrl` instead.
     */
    stillUrl: z.string().nullable(),
  })
  .extend(ownershipSchema.shape)
  .extend(sharedWithSchema.shape);
export type Config = z.infer<typeof configSchema>;

/** The text fields of the multipart body of POST /config; `settings` is a JSON string, `imageFile` a file. */
export const createConfigFieldsSchema = z.object({
  name: plainText(z.string().trim().min(1, 'name is required').max(200)),
  description: z.string().trim().max(5000).default(''),
  projectPath: plainText(z.string().trim().max(1000)).default(''),
  settings: z.string().min(1, 'settings is required').max(1_000_000),
});
/** PUT /config/{id}: every field optional; settings may be left out (spec §7). */
export const updateConfigFieldsSchema = updateFieldsOf(createConfigFieldsSchema);

export const configsQuerySchema = listQuerySchema(LIST_DEFAULTS.configs, 'configs');
