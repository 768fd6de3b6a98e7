import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { GLB_HEADER_BYTES, MAX_GLTF_JSON_BYTES, glbJsonChunk } from '@autostudio/protocol';
import { modelManifestSchema, type ModelManifest } from '../contract/model-paints.js';
import { EngineError } from './engine-error.js';

/** The file beside a model that may name its paints (it wins over the glTF's own `extras.autostudio`). */
export const MANIFEST_FILE = 'autostudio.json';

/** What LoadCarByPath needs from a model file before the page loads it: its manifest and its trim names. */
export interface ModelFacts {
  manifest: ModelManifest | null;
  trims: string[];
}

interface GltfJson {
  extras?: { autostudio?: unknown };
  extensions?: { KHR_materials_variants?: { variants?: { name?: string }[] } };
  scenes?: { name?: string }[];
}

/**
 * Reads a model's manifest (its `autostudio.json`, else the glTF root's `extras.autostudio`) and checks it, so that a
 * bad one refuses the load before anything changes. Trims are named as the page will name them: the variants of
 * KHR_materials_variants, else the scenes of a file with several.
 */
export async function readModelFacts(file: string): Promise<ModelFacts> {
  const json = await gltfJson(file);
  const trims = (json.extensions?.KHR_materials_variants?.variants ?? []).map((v) => v.name ?? '');
  if (trims.length === 0 && (json.scenes?.length ?? 0) > 1) trims.push(...(json.scenes ?? []).map((s) => s.name ?? ''));
  const beside = path.join(path.dirname(file), MANIFEST_FILE);
  const text = await readFile(beside, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  let raw: unknown;
  let where: string;
  if (text !== null) {
    where = MANIFEST_FILE;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new EngineError(`LoadCarByPath: the model's ${MANIFEST_FILE} is not JSON`);
    }
  } else {
    where = 'extras.autostudio';
    raw = json.extras?.autostudio;
    if (raw === undefined) return { manifest: null, trims };
  }
  const parsed = modelManifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new EngineError(
      `LoadCarByPath: the model's paints (${where}) are not valid: ${z.prettifyError(parsed.error)}`,
    );
  }
  for (const trim of Object.keys(parsed.data.trims ?? {})) {
    if (!trims.includes(trim))
      throw new EngineError(`LoadCarByPath: the model's paints (${where}) name no trim ${trim}`);
  }
  const trimKeys = trims.map((trim) => trim.toLowerCase());
  for (const paint of parsed.data.paints) {
    // Update Car Material takes a trim before a paint: a paint named like a trim could never be chosen.
    if (trimKeys.includes(paint.name.toLowerCase())) {
      throw new EngineError(`LoadCarByPath: the model's paint ${paint.name} has the name of a trim`);
    }
  }
  return { manifest: parsed.data, trims };
}

/**
 * The glTF JSON: the whole file for .gltf, the first chunk for .glb (read alone; the binary may be large). A file
 * that is not glTF, or whose JSON is over MAX_GLTF_JSON_BYTES, answers `{}`: the renderer judges it and says what is
 * wrong, as for any model.
 */
async function gltfJson(file: string): Promise<GltfJson> {
  try {
    let text: string;
    const handle = await open(file, 'r');
    try {
      const size = (await handle.stat()).size;
      if (path.extname(file).toLowerCase() === '.gltf') {
        if (size > MAX_GLTF_JSON_BYTES) return {};
        text = await handle.readFile('utf8');
      } else {
        const header = Buffer.alloc(GLB_HEADER_BYTES);
        const { bytesRead } = await handle.read(header, 0, GLB_HEADER_BYTES, 0);
        const chunk = glbJsonChunk(header.subarray(0, bytesRead));
        if ('refused' in chunk || GLB_HEADER_BYTES + chunk.length > size) return {};
        const json = Buffer.alloc(chunk.length);
        await handle.read(json, 0, chunk.length, GLB_HEADER_BYTES);
        text = json.toString('utf8');
      }
    } finally {
      await handle.close();
    }
    const json = JSON.parse(text) as unknown;
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {};
  } catch {
    return {};
  }
}
