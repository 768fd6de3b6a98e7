import * as THREE from 'three';

/**
 * An empty prefiltered reflection map shaped as three's PMREMGenerator makes one (three 0.187): a half-float cube of
 * `size` texels a side with `levels` mips, one per roughness (`PMREMGenerator.lodToRoughness`), which materials read
 * as a PMREM. The caller draws or uploads the levels; none is generated.
 */
export function pmremTarget(size: number, levels: number): THREE.WebGLCubeRenderTarget {
  const target = new THREE.WebGLCubeRenderTarget(size, {
    type: THREE.HalfFloatType,
    generateMipmaps: false,
    minFilter: THREE.LinearMipmapLinearFilter,
    colorSpace: THREE.LinearSRGBColorSpace,
    depthBuffer: false,
  });
  // Mip sizes only: three allocates and attaches each level, but uploads nothing.
  const mipmaps = target.texture.mipmaps as { width: number; height: number }[];
  for (let level = 0; level < levels; level += 1) mipmaps.push({ width: size >> level, height: size >> level });
  target.texture.name = 'PMREM';
  (target.texture as THREE.Texture & { isPMREMTexture: boolean }).isPMREMTexture = true;
  return target;
}
