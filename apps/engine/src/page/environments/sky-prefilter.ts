import * as THREE from 'three';
import { pmremTarget } from './pmrem-target.js';

/**
 * The desert sky's light, prefiltered for rough reflections as three's PMREMGenerator lays it out (a half-float cube
 * with one mip per roughness, `PMREMGenerator.lodToRoughness`), with fewer GGX samples per texel.
 *
 * three 0.187 takes 256 samples per texel of every mip of a cube of at least 256: 3.9–4.2 s of a CPU renderer for
 * each change of the sun (two idle cores), nearly all of a time-of-day change. A sky is smooth: sampling the source's
 * mip chain at the sample's footprint (filtered importance sampling), 64 samples make the change take 1.0–1.35 s,
 * and a 1280×720 Sunset still differs from three's by 0.21/255 on average (at most 15/255).
 */
const SAMPLES = 64;
/** Face size of the prefiltered cube and of the sky drawn into it, as three's own (its minimum). */
const SIZE = 256;
/** The smallest mip three's PMREM keeps: 8 texels a side, 2^3. */
const SMALLEST_LOD = 3;

export class SkyPrefilter {
  private readonly source = new THREE.WebGLCubeRenderTarget(SIZE, {
    type: THREE.HalfFloatType,
    generateMipmaps: true,
    minFilter: THREE.LinearMipmapLinearFilter,
    colorSpace: THREE.LinearSRGBColorSpace,
  });
  private readonly uniforms = { source: { value: this.source.texture }, roughness: { value: 0 } };
  private readonly material = ggxMaterial(this.uniforms);
  private readonly box = new THREE.Mesh(new THREE.BoxGeometry(5, 5, 5), this.material);

  /** Draws `scene` as seen from the origin and prefilters it into a new target, which the caller owns. */
  prefilter(renderer: THREE.WebGLRenderer, scene: THREE.Scene, near: number, far: number): THREE.WebGLCubeRenderTarget {
    const previous = renderer.getRenderTarget();
    new THREE.CubeCamera(near, far, this.source).update(renderer, scene);

    const maxLod = Math.log2(SIZE) - SMALLEST_LOD;
    const target = pmremTarget(SIZE, maxLod + 1);

    const camera = new THREE.CubeCamera(1, 10, target);
    for (let lod = 0; lod <= maxLod; lod += 1) {
      this.uniforms.roughness.value = roughnessOf(lod, maxLod);
      camera.activeMipmapLevel = lod;
      // The renderer does not scale a target's viewport to the mip it draws into.
      const size = SIZE >> lod;
      target.viewport.set(0, 0, size, size);
      camera.update(renderer, this.box);
    }
    target.viewport.set(0, 0, SIZE, SIZE);
    renderer.setRenderTarget(previous);
    return target;
  }

  dispose(): void {
    this.source.dispose();
    this.material.dispose();
    this.box.geometry.dispose();
  }
}

/** The roughness three's materials read from each mip of a PMREM (PMREMGenerator.lodToRoughness in three 0.187). */
function roughnessOf(lod: number, maxLod: number): number {
  return maxLod > 0 ? 1 - Math.sqrt(1 - lod / maxLod) : 0;
}

/**
 * GGX prefiltering with the view along the normal (the split-sum approximation's assumption): each sample reads the
 * source at the mip whose texels are as large as the solid angle the sample stands for, so few samples do not alias.
 */
function ggxMaterial(uniforms: { [name: string]: THREE.IUniform }): THREE.ShaderMaterial {
  return new THREE.ShaderMaterial({
    name: 'SkyPrefilter',
    uniforms,
    vertexShader: THREE.ShaderChunk.cube_vert,
    fragmentShader: /* glsl */ `
      #define SAMPLES ${SAMPLES}u
      #define SOURCE_SIZE ${SIZE}.0
      varying vec3 vWorldDirection;
      uniform samplerCube source;
      uniform float roughness;
      const float PI = 3.141592653589793;

      vec2 hammersley(uint i) {
        uint bits = i;
        bits = (bits << 16u) | (bits >> 16u);
        bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
        bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
        bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
        bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
        return vec2(float(i) / float(SAMPLES), float(bits) * 2.3283064365386963e-10);
      }

      void main() {
        vec3 n = normalize(vWorldDirection);
        if (roughness == 0.0) {
          gl_FragColor = vec4(textureLod(source, n, 0.0).rgb, 1.0);
          return;
        }
        float alpha = roughness * roughness;
        float alpha2 = alpha * alpha;
        vec3 up = abs(n.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0);
        vec3 tangent = normalize(cross(up, n));
        vec3 bitangent = cross(n, tangent);
        // Solid angle of one source texel at the cube's finest level.
        float texel = 4.0 * PI / (6.0 * SOURCE_SIZE * SOURCE_SIZE);
        vec3 sum = vec3(0.0);
        float weight = 0.0;
        for (uint i = 0u; i < SAMPLES; i++) {
          vec2 xi = hammersley(i);
          float cosTheta = sqrt((1.0 - xi.y) / (1.0 + (alpha2 - 1.0) * xi.y));
          float sinTheta = sqrt(1.0 - cosTheta * cosTheta);
          float phi = 2.0 * PI * xi.x;
          vec3 h = normalize(tangent * cos(phi) * sinTheta + bitangent * sin(phi) * sinTheta + n * cosTheta);
          vec3 l = 2.0 * dot(n, h) * h - n;
          float nDotL = dot(n, l);
          if (nDotL <= 0.0) continue;
          // With the view along n, the pdf of l is D(h) / 4.
          float d = (cosTheta * cosTheta) * (alpha2 - 1.0) + 1.0;
          float pdf = alpha2 / (PI * d * d) / 4.0;
          float lod = max(0.0, 0.5 * log2((1.0 / (float(SAMPLES) * pdf)) / texel) + 1.0);
          sum += textureLod(source, l, lod).rgb * nDotL;
          weight += nDotL;
        }
        gl_FragColor = vec4(sum / max(weight, 1e-4), 1.0);
      }
    `,
    side: THREE.BackSide,
    blending: THREE.NoBlending,
    depthTest: false,
    depthWrite: false,
  });
}
