import * as THREE from 'three';

/** A paint's metallic flakes: the share of the surface they cover (0–1) and their size in millimetres. */
export interface Flakes {
  amount: number;
  size: number;
}

/** How far a flake tilts from the surface at most (radians): enough that some catch the light the coat does not. */
const TILT = 0.2;
/** A flake is a small mirror: its roughness is the base's times this. */
const FLAKE_ROUGHNESS = 0.4;

interface FlakeUniforms {
  flakeAmount: { value: number };
  /** Metres. */
  flakeSize: { value: number };
}

const uniformsOf = new WeakMap<THREE.MeshPhysicalMaterial, FlakeUniforms>();

/**
 * Metallic flakes in a paint's base layer, under its clear coat: the surface is cut into cells the flakes' size
 * (in the part's own space, so they stay on the panel as it moves), and in a share of them (`amount`) the base
 * layer's normal is tilted at random and made smoother. Each such cell glints when its tilt mirrors a light the coat
 * does not, which is the sparkle of a metallic paint up close. Flakes much smaller than a pixel fade out: a pixel
 * sees hundreds of them, which average into the paint itself (drawn as single picks they were a sandpaper grain that
 * 16 samples did not smooth). The coat keeps the smooth normal.
 *
 * Raster only: the path tracer draws the paint without them.
 */
export function setFlakes(material: THREE.MeshPhysicalMaterial, flakes: Flakes | undefined): void {
  let uniforms = uniformsOf.get(material);
  if (!uniforms) {
    const own: FlakeUniforms = { flakeAmount: { value: 0 }, flakeSize: { value: 0.001 } };
    uniforms = own;
    uniformsOf.set(material, own);
    material.onBeforeCompile = (shader) => extend(shader, own);
    material.customProgramCacheKey = () => 'paint-flakes';
    material.needsUpdate = true;
  }
  uniforms.flakeAmount.value = THREE.MathUtils.clamp(flakes?.amount ?? 0, 0, 1);
  uniforms.flakeSize.value = Math.max(0.01, flakes?.size ?? 1) / 1000;
}

function extend(shader: THREE.WebGLProgramParametersWithUniforms, uniforms: FlakeUniforms): void {
  Object.assign(shader.uniforms, uniforms);
  shader.vertexShader = shader.vertexShader
    .replace('#include <common>', '#include <common>\nvarying vec3 vFlakePoint;')
    .replace('#include <begin_vertex>', '#include <begin_vertex>\nvFlakePoint = position;');
  shader.fragmentShader = shader.fragmentShader
    .replace(
      '#include <common>',
      `#include <common>
      uniform float flakeAmount;
      uniform float flakeSize;
      uniform mat3 normalMatrix;
      varying vec3 vFlakePoint;
      // A hash of a cell (Dave Hoskins' hash without sine, three outputs in 0–1).
      vec3 flakeHash(vec3 p) {
        p = fract(p * vec3(0.1031, 0.1030, 0.0973));
        p += dot(p, p.yxz + 33.33);
        return fract((p.xxy + p.yxx) * p.zyx);
      }`,
    )
    .replace(
      '#include <clearcoat_normal_fragment_begin>',
      `#include <clearcoat_normal_fragment_begin>
      // Flakes much smaller than a pixel average out into the paint (a sample picking one at random per pixel would
      // be grain, not sparkle): they fade from a flake a pixel across down to one a third of it. The pixel is
      // measured along its longer side: on a panel seen at a grazing angle it covers a long strip of flakes, which
      // glittered as noise down the sun's reflection when measured across its narrower side.
      float flakePixel = max(length(dFdx(vFlakePoint)), length(dFdy(vFlakePoint)));
      float flakesSeen = smoothstep(0.35, 1.0, flakeSize / max(flakePixel, 1e-6));
      if (flakeAmount > 0.0 && flakesSeen > 0.0) {
        vec3 cell = floor(vFlakePoint / flakeSize);
        vec3 pick = flakeHash(cell);
        if (pick.x < flakeAmount) {
          vec3 tilt = flakeHash(cell + 71.0) * 2.0 - 1.0;
          normal = normalize(normal + normalize(normalMatrix * tilt) * ${TILT.toFixed(2)} * flakesSeen);
          roughnessFactor *= mix(1.0, ${FLAKE_ROUGHNESS.toFixed(2)}, flakesSeen);
        }
      }`,
    );
}
