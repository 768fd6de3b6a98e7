import * as THREE from 'three';
import { EXRLoader } from 'three/addons/loaders/EXRLoader.js';

/**
 * The real HDR light the built-in environments reflect: CC0 Poly Haven captures from `@pmndrs/assets` (512×256 EXR,
 * about 150 kB each), fetched from the page server only when an environment first needs one. Reflections on paint and
 * glass come from these; the visible set (cyclorama, dunes, sky) stays the engine's own geometry.
 */
const LIBRARY = {
  /** A small photo studio: a white cyc, an octagonal softbox and a ring of overhead lights. */
  studio: () => import('@pmndrs/assets/hdri/studio.exr.js'),
};
export type LibraryHdriName = keyof typeof LIBRARY;

const loaded = new Map<LibraryHdriName, Promise<THREE.DataTexture>>();

/** The named HDRI as a linear, equirectangular texture; loaded once per page and shared. */
export function libraryHdri(name: LibraryHdriName): Promise<THREE.DataTexture> {
  let texture = loaded.get(name);
  if (!texture) {
    texture = LIBRARY[name]().then(async ({ default: dataUrl }) => {
      const image = await new EXRLoader().setDataType(THREE.HalfFloatType).loadAsync(dataUrl);
      image.mapping = THREE.EquirectangularReflectionMapping;
      return image;
    });
    // A failed load is tried again next time rather than remembered.
    texture.catch(() => loaded.delete(name));
    loaded.set(name, texture);
  }
  return texture;
}
