import { createHash } from 'node:crypto';
import { CONFIG_STILL, type SavedConfigSettings } from '@autostudio/protocol';
import { renderSceneOf } from '../render/render-scene.js';

/**
 * The key of a configuration's still in the cache of stills: sha256 (hex) of what changes the picture, as canonical
 * JSON. That is what a render engine gets of the configuration (its car, the uploads it shows, the `Update New
 * Config` with the camera view; see renderSceneOf), and the still's format. What the engine never sees (the studio's
 * view mode, the composition guide) changes no picture, so it renders nothing new; two configurations that render
 * alike share one still.
 */
export function configStillHash(settings: SavedConfigSettings): string {
  const scene = renderSceneOf(settings);
  return createHash('sha256')
    .update(canonicalJson({ scene, still: CONFIG_STILL.settings }))
    .digest('hex');
}

/**
 * JSON with every object's keys sorted, so that the same settings saved in another key order (a browser builds its
 * objects as it goes) give the same text. Left out as JSON.stringify leaves them out: undefined values.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, inner]) => [key, sorted(inner)] as const);
  return Object.fromEntries(entries);
}
