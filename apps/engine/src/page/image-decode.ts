import * as THREE from 'three';
import type { ImageUse } from '../contract/render-contract.js';
import { EXRLoader } from 'three/addons/loaders/EXRLoader.js';
import { HDRLoader } from 'three/addons/loaders/HDRLoader.js';

/** Checked images kept for the apply that follows their import; more are let go (a 4K EXR is about 64 MB). */
const KEPT = 2;
const kept = new Map<string, THREE.Texture>();
const keyOf = (url: string, use: ImageUse) => `${use} ${url}`;

/**
 * Whether an imported image can be shown, tried with the very loader that would show it (the backplate's and the
 * guide's TextureLoader, the HDRI backdrop's loadEquirect) before the scene takes it: an image the page cannot
 * decode is refused by its import, instead of failing the draw after the scene state changed. Nothing on show
 * changes. What was decoded is kept for `loadImage` of `keepAs` (the URL the import then gives the image), so the apply
 * that follows does not fetch and decode it again.
 */
export async function decodes(url: string, use: ImageUse, keepAs = url): Promise<boolean> {
  let texture: THREE.Texture;
  try {
    texture = await decode(url, use);
  } catch {
    return false;
  }
  // A browser image cut off in its pixels still loads in Chromium, showing what arrived: the page can show it.
  const key = keyOf(keepAs, use);
  kept.get(key)?.dispose();
  kept.delete(key);
  kept.set(key, texture);
  for (const [oldest, image] of kept) {
    if (kept.size <= KEPT) break;
    image.dispose();
    kept.delete(oldest);
  }
  return true;
}

/** The image at `url` for `use`: the one its import checked when there is one (handed over once), else loaded. */
export async function loadImage(url: string, use: ImageUse): Promise<THREE.Texture> {
  const key = keyOf(url, use);
  const checked = kept.get(key);
  if (checked) {
    kept.delete(key);
    return checked;
  }
  return decode(url, use);
}

function decode(url: string, use: ImageUse): Promise<THREE.Texture> {
  return use === 'equirect' ? loadEquirect(url) : new THREE.TextureLoader().loadAsync(url);
}

async function loadEquirect(url: string): Promise<THREE.Texture> {
  // Radiance and OpenEXR are the two forms HDRIs are published in; anything else is an 8-bit panorama.
  const texture = /\.hdr(\?|$)/i.test(url)
    ? await new HDRLoader().loadAsync(url)
    : /\.exr(\?|$)/i.test(url)
      ? await new EXRLoader().setDataType(THREE.HalfFloatType).loadAsync(url)
      : await new THREE.TextureLoader().loadAsync(url);
  texture.mapping = THREE.EquirectangularReflectionMapping;
  if (!(texture instanceof THREE.DataTexture)) texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}
