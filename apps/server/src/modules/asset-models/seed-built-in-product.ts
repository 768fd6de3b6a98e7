import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BUILT_IN_PRODUCT } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AssetModelRow } from '../../db/schema.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { sniff, SNIFF_BYTES } from '../../storage/sniff.js';
import { AssetModelsRepository, anyVersionExists } from './asset-models.repository.js';

export type SeedOutcome = 'seeded' | 'exists' | 'missing';

async function head(file: string): Promise<Buffer | null> {
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/**
 * Puts the built-in car in the library on start, so that a fresh install has a product to open: a public asset
 * model (every signed-in user sees it) with the car's trims as its configuration. Idempotent: once any version of
 * it exists, deleted ones included (an administrator may have removed it on purpose), nothing is done.
 */
export async function seedBuiltInProduct(options: {
  db: Db;
  storage: BlobStore;
  modelFile: string;
  log: FastifyBaseLogger;
}): Promise<SeedOutcome> {
  const { db, storage, modelFile, log } = options;
  if (await anyVersionExists(db, BUILT_IN_PRODUCT.modelId)) return 'exists';
  const bytes = await head(modelFile);
  if (!bytes || sniff(bytes)?.kind !== 'model') {
    log.info({ file: modelFile }, `built-in car not seeded: no model file at ${modelFile}`);
    return 'missing';
  }
  const rowId = randomUUID();
  const fileName = path.basename(modelFile);
  const key = `asset-models/${BUILT_IN_PRODUCT.modelId}/${rowId}/${fileName}`;
  const { size } = await storage.put(key, createReadStream(modelFile));
  const now = new Date().toISOString();
  const row: AssetModelRow = {
    id: rowId,
    model_id: BUILT_IN_PRODUCT.modelId,
    version: 1,
    is_latest: 1,
    // Nobody's: administrators manage it like any model; everyone else sees it because it is public.
    owner_id: null,
    name: BUILT_IN_PRODUCT.name,
    description: BUILT_IN_PRODUCT.description,
    category: BUILT_IN_PRODUCT.category,
    type: BUILT_IN_PRODUCT.type,
    brand: BUILT_IN_PRODUCT.brand,
    region: '',
    settings: JSON.stringify({ unrealParams: {}, configOptions: { trims: BUILT_IN_PRODUCT.trims } }),
    file_key: key,
    file_name: fileName,
    file_size: size,
    preview_key: null,
    is_public: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  try {
    await new AssetModelsRepository(db).insert(row);
  } catch (error) {
    await storage.delete(key);
    // Another server copy seeded it at the same moment: the unique (model, version) pair decided.
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
  log.info({ assetModelId: rowId, file: modelFile }, `built-in car seeded as the asset model ${BUILT_IN_PRODUCT.name}`);
  return 'seeded';
}
