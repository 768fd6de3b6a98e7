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

/** The shader fades flakes in from this many pixels across (a third of a pixel: see extend). */
const FADE_FROM_PIXELS = 0.35;
const scratch = { box: new THREE.Box3(), camera: new THREE.Vector3(), size: new THREE.Vector2() };

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
    material.onBeforeRender = (renderer, _scene, camera, geometry, mesh) =>
      compileFlakesIn(material, flakesResolved(own, renderer, camera, geometry, mesh));
    material.needsUpdate = true;
  }
  uniforms.flakeAmount.value = THREE.MathUtils.clamp(flakes?.amount ?? 0, 0, 1);
  uniforms.flakeSize.value = Math.max(0.01, flakes?.size ?? 1) / 1000;
}

/**
 * Whether any pixel of this draw can resolve a flake: at the point of the mesh nearest the camera, is a flake at least
 * FADE_FROM_PIXELS of a pixel? From farther, the shader would fade every flake out to nothing, and its work (the
 * flake point, its derivatives, the fade) cost a still of the whole car 1–2 % of every sample for no change in
 * it (issue 31 item 5).
 */
function flakesResolved(
  uniforms: FlakeUniforms,
  renderer: THREE.WebGLRenderer,
  camera: THREE.Camera,
  geometry: THREE.BufferGeometry,
  mesh: THREE.Object3D,
): boolean {
  if (uniforms.flakeAmount.value === 0) return false;
  if (!(camera instanceof THREE.PerspectiveCamera)) return true;
  if (!geometry.boundingBox) geometry.computeBoundingBox();
  const box = scratch.box.copy(geometry.boundingBox as THREE.Box3).applyMatrix4(mesh.matrixWorld);
  const nearest = box.distanceToPoint(scratch.camera.setFromMatrixPosition(camera.matrixWorld));
  const height = renderer.getRenderTarget()?.height ?? renderer.getDrawingBufferSize(scratch.size).y;
  return flakesResolvedAt(uniforms.flakeSize.value, nearest, camera.getEffectiveFOV(), height);
}

/** Whether flakes of `size` (metres) `distance` metres away are seen by a camera of `fov` degrees `height` pixels high. */
export function flakesResolvedAt(size: number, distance: number, fov: number, height: number): boolean {
  const pixel = (distance * 2 * Math.tan(THREE.MathUtils.degToRad(fov) / 2)) / height;
  return size > FADE_FROM_PIXELS * pixel;
}

/** Compiles the flakes into the paint's shader or leaves them out (three keeps both programs once built). */
function compileFlakesIn(material: THREE.MeshPhysicalMaterial, flakes: boolean): void {
  const defines = (material.defines ??= {});
  if ('PAINT_FLAKES' in defines === flakes) return;
  if (flakes) defines.PAINT_FLAKES = '';
  else delete defines.PAINT_FLAKES;
  material.needsUpdate = true;
}

function extend(shader: THREE.WebGLProgramParametersWithUniforms, uniforms: FlakeUniforms): void {
  Object.assign(shader.uniforms, uniforms);
  shader.vertexShader = shader.vertexShader
    .replace('#include <common>', '#include <common>\n#ifdef PAINT_FLAKES\nvarying vec3 vFlakePoint;\n#endif')
    .replace(
      '#include <begin_vertex>',
      '#include <begin_vertex>\n#ifdef PAINT_FLAKES\nvFlakePoint = position;\n#endif',
    );
  shader.fragmentShader = shader.fragmentShader
    .replace(
      '#include <common>',
      `#include <common>
      #ifdef PAINT_FLAKES
      uniform float flakeAmount;
      uniform float flakeSize;
      uniform mat3 normalMatrix;
      varying vec3 vFlakePoint;
      // A hash of a cell (Dave Hoskins' hash without sine, three outputs in 0–1).
      vec3 flakeHash(vec3 p) {
        p = fract(p * vec3(0.1031, 0.1030, 0.0973));
        p += dot(p, p.yxz + 33.33);
        return fract((p.xxy + p.yxx) * p.zyx);
      }
      #endif`,
    )
    .replace(
      '#include <clearcoat_normal_fragment_begin>',
      `#include <clearcoat_normal_fragment_begin>
      #ifdef PAINT_FLAKES
      // Flakes much smaller than a pixel average out into the paint (a sample picking one at random per pixel would
      // be grain, not sparkle): they fade from a flake a pixel across down to one a third of it. The pixel is
      // measured along its longer side: on a panel seen at a grazing angle it covers a long strip of flakes, which
      // glittered as noise down the sun's reflection when measured across its narrower side.
      float flakePixel = max(length(dFdx(vFlakePoint)), length(dFdy(vFlakePoint)));
      float flakesSeen = smoothstep(${FADE_FROM_PIXELS.toFixed(2)}, 1.0, flakeSize / max(flakePixel, 1e-6));
      if (flakeAmount > 0.0 && flakesSeen > 0.0) {
        vec3 cell = floor(vFlakePoint / flakeSize);
        vec3 pick = flakeHash(cell);
        if (pick.x < flakeAmount) {
          vec3 tilt = flakeHash(cell + 71.0) * 2.0 - 1.0;
          normal = normalize(normal + normalize(normalMatrix * tilt) * ${TILT.toFixed(2)} * flakesSeen);
          roughnessFactor *= mix(1.0, ${FLAKE_ROUGHNESS.toFixed(2)}, flakesSeen);
        }
      }
      #endif`,
    );
}
