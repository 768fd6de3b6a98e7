import * as THREE from 'three';
import type { ImageUse } from '../contract/render-contract.js';
import { loadEquirect } from './environments/hdri.js';

/**
 * Whether an imported image can be shown, tried with the very loader that would show it (the backplate's and the
 * guide's TextureLoader, the HDRI backdrop's loadEquirect) before the scene takes it: an image the page cannot
 * decode is refused by its import, instead of failing the draw after the scene state changed. What was loaded is
 * thrown away; nothing on show changes.
 */
export async function decodes(url: string, use: ImageUse): Promise<boolean> {
  try {
    const texture = use === 'equirect' ? await loadEquirect(url) : await new THREE.TextureLoader().loadAsync(url);
    // A browser image cut off in its pixels still loads in Chromium, showing what arrived: the page can show it.
    texture.dispose();
    return true;
  } catch {
    return false;
  }
}
