import * as THREE from 'three';
import { FullScreenQuad } from 'three/addons/postprocessing/Pass.js';
import { FULL_SCREEN_VERTEX, setUniform } from './grading.js';

/*
 * Denoising of the path tracer's average: an edge-avoiding à-trous wavelet filter (Dammertz et al., HPG 2010, with
 * SVGF's edge-stopping functions, Schied et al. 2017), guided by the surfaces a raster pass sees through the same
 * camera. Each pass averages a 5 × 5 B3-spline footprint whose taps spread twice as far as the last pass's, weighing
 * each tap by how alike it is to the centre: the same surface (normal), the same depth along that surface (depth
 * against its screen-space slope), and a colour within the noise expected at this many samples. Flat paint and floor
 * lose their grain; silhouettes, panel lines and shadow edges keep their step.
 */

/**
 * The guides, drawn in one pass into two targets: the view-space normal's x and y (z faces the camera) and linear
 * depth; and the surface's own colour (albedo), so that a black trim beside blue paint stays black though its normal
 * and depth are the paint's. Alpha is coverage in both.
 */
const GUIDE_FRAGMENT = /* glsl */ `
precision highp float;
uniform vec3 albedo;
uniform vec3 emissive;
#ifdef HAS_MAP
uniform sampler2D albedoMap;
#endif
in vec3 vViewPosition;
in vec3 vNormalView;
in vec2 vMapUv;
in vec3 vColor;
layout(location = 0) out vec4 normalDepth;
layout(location = 1) out vec4 surface;

vec3 srgbToLinear(vec3 c) {
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
}

void main() {
  vec3 n = normalize(vNormalView);
  // Seen from behind (a double-sided part's back face), a surface faces the camera all the same.
  if (dot(n, vViewPosition) > 0.0) n = -n;
  float depth = -vViewPosition.z;
  normalDepth = vec4(n.xy, depth, 1.0);
  vec3 colour = albedo * vColor;
#ifdef HAS_MAP
  vec3 texel = texture(albedoMap, vMapUv).rgb;
  colour *= MAP_SRGB ? srgbToLinear(texel) : texel;
#endif
  surface = vec4(min(colour + emissive, vec3(1.0)), 1.0);
}
`;

const GUIDE_VERTEX = /* glsl */ `
#include <common>
#include <batching_pars_vertex>
uniform mat3 mapTransform;
out vec3 vViewPosition;
out vec3 vNormalView;
out vec2 vMapUv;
out vec3 vColor;
void main() {
  #include <batching_vertex>
  #include <beginnormal_vertex>
  #include <defaultnormal_vertex>
  #include <begin_vertex>
  #include <project_vertex>
  vViewPosition = mvPosition.xyz;
  vNormalView = transformedNormal;
  vMapUv = (mapTransform * vec3(uv, 1.0)).xy;
#ifdef USE_COLOR
  vColor = color.rgb;
#else
  vColor = vec3(1.0);
#endif
}
`;

/** What the guide pass needs of a part's material: three's standard and physical materials, and the basic one. */
interface SurfaceMaterial extends THREE.Material {
  color?: THREE.Color;
  map?: THREE.Texture | null;
  emissive?: THREE.Color;
  emissiveIntensity?: number;
  transmission?: number;
}

/**
 * Whether the tracer sees through a part (glass): the guide holds what lies behind it, the cabin the glass shows, so
 * that the seats keep their edges through the windscreen; the glass itself only where nothing lies behind it.
 */
const seeThrough = (material: SurfaceMaterial) =>
  (material.transmission ?? 0) > 0 || (material.transparent && material.opacity < 0.5);

const ATROUS_FRAGMENT = /* glsl */ `
precision highp float;
uniform sampler2D color;
uniform sampler2D normalDepth;
uniform sampler2D surface;
uniform vec2 texel;
uniform float stepWidth;
uniform float colorSigma;
uniform bool firstPass;
varying vec2 vUv;

float luma(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }

// A firefly (one path that found a light through a glossy bounce, far brighter than any neighbour) would keep its own
// colour through every pass, the colour weight shielding it: before the first pass each pixel is held to the
// brightest of its eight neighbours.
vec4 withoutFirefly(vec4 c) {
  float brightest = 0.0;
  for (int y = -1; y <= 1; y++) {
    for (int x = -1; x <= 1; x++) {
      if (x == 0 && y == 0) continue;
      brightest = max(brightest, luma(texture2D(color, vUv + vec2(float(x), float(y)) * texel).rgb));
    }
  }
  float own = luma(c.rgb);
  return own > brightest && own > 0.0 ? vec4(c.rgb * (brightest / own), c.a) : c;
}

// Compared as a display would show them, so that noise in a shadow counts as much as noise on a lit panel.
vec3 compress(vec3 c) { return c / (1.0 + luma(c)); }

vec3 normalOf(vec4 g) { return vec3(g.xy, sqrt(max(0.0, 1.0 - dot(g.xy, g.xy)))); }

// Depth's change per pixel along the surface: the smaller of the steps to either side, so that a silhouette beside
// the pixel does not count as its slope.
float depthSlope(float depth) {
  float dx = min(abs(texture2D(normalDepth, vUv + vec2(texel.x, 0.0)).z - depth),
                 abs(texture2D(normalDepth, vUv - vec2(texel.x, 0.0)).z - depth));
  float dy = min(abs(texture2D(normalDepth, vUv + vec2(0.0, texel.y)).z - depth),
                 abs(texture2D(normalDepth, vUv - vec2(0.0, texel.y)).z - depth));
  return max(max(dx, dy), 1e-4 * depth);
}

void main() {
  vec4 centre = texture2D(color, vUv);
  if (firstPass) centre = withoutFirefly(centre);
  vec4 centreGuide = texture2D(normalDepth, vUv);
  // No surface here: the environment seen directly, which the tracer draws without noise.
  if (centreGuide.a <= 0.0) { gl_FragColor = centre; return; }
  float slope = depthSlope(centreGuide.z);
  vec3 centreNormal = normalOf(centreGuide);
  vec3 centreAlbedo = texture2D(surface, vUv).rgb;
  vec3 centreTone = compress(centre.rgb);
  const float kernel[3] = float[3](3.0 / 8.0, 1.0 / 4.0, 1.0 / 16.0);
  vec4 sum = vec4(0.0);
  float weights = 0.0;
  for (int y = -2; y <= 2; y++) {
    for (int x = -2; x <= 2; x++) {
      vec2 offset = vec2(float(x), float(y)) * stepWidth;
      vec2 uv = vUv + offset * texel;
      vec4 tapGuide = texture2D(normalDepth, uv);
      if (tapGuide.a <= 0.0) continue;
      vec4 tap = x == 0 && y == 0 ? centre : texture2D(color, uv);
      float wNormal = pow(max(0.0, dot(centreNormal, normalOf(tapGuide))), 64.0);
      float wDepth = exp(-abs(centreGuide.z - tapGuide.z) / (slope * length(offset) + 1e-3));
      vec3 a = texture2D(surface, uv).rgb - centreAlbedo;
      float wAlbedo = exp(-dot(a, a) * 200.0);
      vec3 c = (compress(tap.rgb) - centreTone) / colorSigma;
      float wColor = exp(-dot(c, c));
      float w = kernel[abs(x)] * kernel[abs(y)] * wNormal * wDepth * wAlbedo * wColor;
      sum += tap * w;
      weights += w;
    }
  }
  gl_FragColor = weights > 0.0 ? sum / weights : centre;
}
`;

/** Passes of the filter: taps 1, 2, 4, 8 and 16 pixels apart, a 125-pixel-wide footprint in all. */
const PASSES = 5;

/**
 * How far apart two colours may be (in `compress`ed units) and still be the same surface, in the first pass: about
 * the noise of one traced sample, shrinking as 1 / √samples.
 */
const ONE_SAMPLE_SIGMA = 0.5;

const isMesh = (object: THREE.Object3D): object is THREE.Mesh => (object as Partial<THREE.Mesh>).isMesh === true;

const WHITE = new THREE.Color(1, 1, 1);
const BLACK = new THREE.Color(0, 0, 0);

const floatTarget = (options: { depthBuffer: boolean; count?: number; type: THREE.TextureDataType }) =>
  new THREE.WebGLRenderTarget(1, 1, {
    format: THREE.RGBAFormat,
    minFilter: THREE.NearestFilter,
    magFilter: THREE.NearestFilter,
    ...options,
  });

export class Denoiser {
  /**
   * textures[0]: normal and depth; textures[1]: albedo. Full floats: a half float holds depth to 4 mm at 5 m, more
   * than a pixel's step along the floor, whose slope the depth weight needs.
   */
  private readonly guide = floatTarget({ depthBuffer: true, count: 2, type: THREE.FloatType });
  private readonly targets = [
    floatTarget({ depthBuffer: false, type: THREE.HalfFloatType }),
    floatTarget({ depthBuffer: false, type: THREE.HalfFloatType }),
  ] as const;
  private readonly guides = new Map<THREE.Material, THREE.ShaderMaterial>();
  private readonly atrous = new THREE.ShaderMaterial({
    depthTest: false,
    depthWrite: false,
    uniforms: {
      color: { value: null },
      normalDepth: { value: null },
      surface: { value: null },
      texel: { value: new THREE.Vector2() },
      stepWidth: { value: 1 },
      colorSigma: { value: ONE_SAMPLE_SIGMA },
      firstPass: { value: true },
    },
    vertexShader: FULL_SCREEN_VERTEX,
    fragmentShader: ATROUS_FRAGMENT,
  });
  private readonly quad = new FullScreenQuad(this.atrous);
  private readonly clearColor = new THREE.Color();

  constructor(private readonly renderer: THREE.WebGLRenderer) {}

  /**
   * The traced average `source` (linear HDR, alpha coverage) of `scene` seen by `camera`, `samples` samples deep,
   * denoised into a texture of the same size. `scene` must be as the tracer saw it. The texture is the denoiser's:
   * valid until the next call.
   */
  denoise(scene: THREE.Scene, camera: THREE.Camera, source: THREE.Texture, samples: number): THREE.Texture {
    const { width, height } = source.image as { width: number; height: number };
    for (const target of [this.guide, ...this.targets]) target.setSize(width, height);
    this.drawGuides(scene, camera);
    const [normalDepth, surface] = this.guide.textures;
    setUniform(this.atrous, 'normalDepth', normalDepth);
    setUniform(this.atrous, 'surface', surface);
    setUniform(this.atrous, 'texel', new THREE.Vector2(1 / width, 1 / height));
    let input = source;
    for (let pass = 0; pass < PASSES; pass += 1) {
      const output = this.targets[pass % 2] as THREE.WebGLRenderTarget;
      setUniform(this.atrous, 'color', input);
      setUniform(this.atrous, 'stepWidth', 2 ** pass);
      setUniform(this.atrous, 'firstPass', pass === 0);
      // Each pass leaves less noise for the next: the colour's tolerance narrows pass by pass (Dammertz et al.).
      setUniform(this.atrous, 'colorSigma', ONE_SAMPLE_SIGMA / Math.sqrt(Math.max(1, samples) * 2 ** pass));
      this.renderer.setRenderTarget(output);
      this.quad.render(this.renderer);
      input = output.texture;
    }
    return input;
  }

  /** Normals, depths and albedo of what the camera sees, glass left out; where it sees no surface, depth 0. */
  private drawGuides(scene: THREE.Scene, camera: THREE.Camera): void {
    const { renderer } = this;
    const swapped: [THREE.Mesh, THREE.Mesh['material']][] = [];
    const opaque = new Set<THREE.Material>();
    const glass = new Set<THREE.Material>();
    const seen = new Set<THREE.Material>();
    scene.traverseVisible((object) => {
      if (!isMesh(object)) return;
      const mesh = object;
      const material: SurfaceMaterial | undefined = Array.isArray(mesh.material) ? mesh.material[0] : mesh.material;
      if (!material) return;
      const guide = this.guideFor(material, seeThrough(material));
      (seeThrough(material) ? glass : opaque).add(guide);
      swapped.push([mesh, mesh.material]);
      mesh.material = guide;
      seen.add(material);
    });
    // Parts since replaced (another car, another environment) leave their guides behind.
    for (const [material, guide] of this.guides) {
      if (seen.has(material)) continue;
      guide.dispose();
      this.guides.delete(material);
    }
    const { background } = scene;
    const clearAlpha = renderer.getClearAlpha();
    const { autoClear } = renderer;
    renderer.getClearColor(this.clearColor);
    scene.background = null;
    renderer.setClearColor(0x000000, 0);
    try {
      renderer.setRenderTarget(this.guide);
      renderer.clear();
      renderer.autoClear = false;
      // By the materials' visibility: a glass part may hang below an opaque one.
      for (const guide of glass) guide.visible = false;
      renderer.render(scene, camera);
      // The glass, blended in only where the first pass left the guide empty (alpha 0).
      for (const guide of glass) guide.visible = true;
      for (const guide of opaque) guide.visible = false;
      renderer.render(scene, camera);
    } finally {
      renderer.autoClear = autoClear;
      for (const guide of opaque) guide.visible = true;
      for (const [mesh, material] of swapped) mesh.material = material;
      scene.background = background;
      renderer.setClearColor(this.clearColor, clearAlpha);
    }
  }

  /** The guide material standing in for a part's material, with its colours as they are now (paint changes them). */
  private guideFor(material: SurfaceMaterial, glass: boolean): THREE.ShaderMaterial {
    const map = material.map ?? null;
    const defines: Record<string, string> = map
      ? { HAS_MAP: '', MAP_SRGB: map.colorSpace === THREE.SRGBColorSpace ? 'true' : 'false' }
      : {};
    let guide = this.guides.get(material);
    if (guide && guide.userData.glass !== glass) {
      guide.dispose();
      guide = undefined;
    }
    if (!guide) {
      guide = new THREE.ShaderMaterial({
        name: `DenoiseGuide:${material.name}`,
        glslVersion: THREE.GLSL3,
        uniforms: {
          albedo: { value: new THREE.Color() },
          emissive: { value: new THREE.Color() },
          albedoMap: { value: null },
          mapTransform: { value: new THREE.Matrix3() },
        },
        vertexShader: GUIDE_VERTEX,
        fragmentShader: GUIDE_FRAGMENT,
        ...(glass
          ? {
              depthWrite: false,
              blending: THREE.CustomBlending,
              blendSrc: THREE.OneMinusDstAlphaFactor,
              blendDst: THREE.DstAlphaFactor,
            }
          : {}),
      });
      guide.userData.glass = glass;
      this.guides.set(material, guide);
    }
    if (JSON.stringify(defines) !== JSON.stringify(guide.defines) || guide.vertexColors !== material.vertexColors) {
      guide.defines = defines;
      guide.vertexColors = material.vertexColors;
      guide.needsUpdate = true;
    }
    guide.side = material.side;
    setUniform(guide, 'albedo', (guide.uniforms.albedo?.value as THREE.Color).copy(material.color ?? WHITE));
    const emissive = guide.uniforms.emissive?.value as THREE.Color;
    setUniform(
      guide,
      'emissive',
      emissive.copy(material.emissive ?? BLACK).multiplyScalar(material.emissiveIntensity ?? 1),
    );
    setUniform(guide, 'albedoMap', map);
    if (map) {
      map.updateMatrix();
      setUniform(guide, 'mapTransform', map.matrix);
    }
    return guide;
  }

  dispose(): void {
    for (const target of [this.guide, ...this.targets]) target.dispose();
    for (const guide of this.guides.values()) guide.dispose();
    this.quad.dispose();
  }
}
