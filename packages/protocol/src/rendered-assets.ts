import { z } from 'zod';
import { LIST_DEFAULTS } from './constants.js';
import { listQuerySchema } from './list.js';
import { plainText } from './names.js';
import { ownershipSchema, sharedWithSchema } from './sharing.js';

/** The item kind of a render's small preview image (JPEG, RENDER_THUMBNAIL_WIDTH wide): the asset's thumbnailUrl. */
export const RENDER_THUMBNAIL_KIND = 'thumbnail';
export const RENDER_THUMBNAIL_WIDTH = 480;

export const renderedAssetItemSchema = z.object({
  id: z.string(),
  /** e.g. "Color ID", "Depth", or "video". */
  kind: z.string(),
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
});
export type RenderedAssetItem = z.infer<typeof renderedAssetItemSchema>;

export const renderedAssetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    type: z.string(),
    brand: z.string(),
    configId: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    itemCount: z.number().int(),
  })
  .extend(ownershipSchema.shape)
  .extend(sharedWithSchema.shape);
export type RenderedAsset = z.infer<typeof renderedAssetSchema>;

const label = plainText(z.string().trim().max(100));

export const updateRenderedAssetRequestSchema = z
  .object({
    name: plainText(z.string().trim().min(1).max(200)).optional(),
    description: z.string().trim().max(5000).optional(),
    category: label.optional(),
    type: label.optional(),
    brand: label.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change');

export const renderedAssetsQuerySchema = listQuerySchema(LIST_DEFAULTS.renderedAssets, 'renderedAssets').extend({
  category: label.optional(),
  type: label.optional(),
  brand: label.optional(),
});

export const renderedAssetFilterOptionsSchema = z.object({
  categories: z.array(z.string()),
  types: z.array(z.string()),
  brands: z.array(z.string()),
});
