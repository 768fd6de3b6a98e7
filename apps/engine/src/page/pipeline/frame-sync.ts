import * as THREE from 'three';

/**
 * Waits for the GPU to finish what was sent: reading a pixel of a 1 × 1 target queued after the frame. (Reading the
 * canvas itself instead would add a costly copy of the whole drawing buffer that real frames never pay.)
 */
export function frameSync(renderer: THREE.WebGLRenderer): () => void {
  const target = new THREE.WebGLRenderTarget(1, 1);
  const pixel = new Uint8Array(4);
  return () => {
    renderer.setRenderTarget(target);
    renderer.clear();
    renderer.readRenderTargetPixels(target, 0, 0, 1, 1, pixel);
    renderer.setRenderTarget(null);
  };
}
