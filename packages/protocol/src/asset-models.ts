import { z } from 'zod';
import { LIST_DEFAULTS } from './constants.js';
import { listQuerySchema } from './list.js';
import { plainText } from './names.js';
import { ownershipSchema, sharedWithSchema } from './sharing.js';
import { updateFieldsOf } from './update-fields.js';

/** What the engine needs to load a product (spec §3 "Product"). */
export const productSettingsSchema = z.looseObject({
  unrealParams: z.record(z.string(), z.unknown()).default({}),
  configOptions: z.record(z.string(), z.unknown()).default({}),
});

export const assetModelSchema = z
  .object({
    id: z.string(),
    /** Every version of one model shares this id. */
    modelId: z.string(),
    version: z.number().int().positive(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    type: z.string(),
    brand: z.string(),
    region: z.string(),
    /** Where the engine downloads the model file from. */
    modelUrl: z.string().nullable(),
    fileName: z.string().nullable(),
    fileSize: z.number().int().nullable(),
    previewUrl: z.string().nullable(),
    settings: productSettingsSchema,
    /** Everyone signed in may see it (the built-in car), whatever the shares say. */
    isPublic: z.boolean(),
  })
  .extend(ownershipSchema.shape)
  .extend(sharedWithSchema.shape);
export type AssetModel = z.infer<typeof assetModelSchema>;

const label = plainText(z.string().trim().max(100));

/** The text fields of the multipart body of POST /asset-model; the model file comes as `file`. */
export const createAssetModelFieldsSchema = z.object({
  name: plainText(z.string().trim().min(1, 'name is required').max(200)),
  description: z.string().trim().max(5000).default(''),
  category: label.default(''),
  type: label.default(''),
  brand: label.default(''),
  region: label.default(''),
  /** JSON string of `{unrealParams, configOptions}`. */
  settings: z.string().max(1_000_000).default('{}'),
});
export const updateAssetModelFieldsSchema = updateFieldsOf(createAssetModelFieldsSchema);

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const assetModelsQuerySchema = listQuerySchema(LIST_DEFAULTS.assets, 'assetModels').extend({
  category: label.optional(),
  type: label.optional(),
  brand: label.optional(),
  region: label.optional(),
  latestVersion: booleanQuery.default(true),
});

export const assetModelFilterOptionsSchema = z.object({
  categories: z.array(z.string()),
  regions: z.array(z.string()),
  brands: z.array(z.string()),
  types: z.array(z.string()),
});

/**
 * A short-lived URL for the engine to download a model file from. Engines fetch plain URLs without the user's
 * cookie or token, so the URL itself carries a signature scoped to that one file, valid until `expiresAt`.
 */
export const modelDownloadLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ModelDownloadLink = z.infer<typeof modelDownloadLinkSchema>;
