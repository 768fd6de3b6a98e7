import * as THREE from 'three';
import type { ToneMapperName } from '@autostudio/protocol';
import type { SceneState } from '../../contract/scene-state.js';

/**
 * The output pass: the accumulated linear HDR image goes through the post-process look (Unreal's PostProcessLite
 * values, 0 = neutral except Gain), the chosen tone mapper (Khronos PBR Neutral unless the user picks AgX or ACES) and
 * sRGB encoding, then the composition guide on top.
 */
const fragmentShader = /* glsl */ `
precision highp float;
uniform sampler2D image;
uniform float exposure;
uniform float temperature;
uniform float tint;
uniform float saturation;
uniform float contrast;
uniform float gammaValue;
uniform vec4 gain;
uniform float offsetValue;
uniform float vignette;
uniform float bloom;
uniform vec2 texel;
uniform int guide;
uniform sampler2D guideImage;
uniform float guideOpacity;
uniform vec2 aspect;
uniform bool transparent;
uniform sampler2D occlusion;
uniform sampler2D glare;
varying vec2 vUv;

// three.js's own tone mappers; the one in use is chosen by TONE_MAP at compile time (toneMappingExposure stays 1:
// exposure is applied above, with the look's other values).
#include <tonemapping_pars_fragment>

vec3 toSrgb(vec3 linear) {
  return mix(linear * 12.92, 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, linear));
}

float line(float distance, float width) {
  return 1.0 - smoothstep(0.0, width, abs(distance));
}

// Guides are drawn in the viewport's own proportions, as a camera's frame lines would be. A guide is a colour laid
// over the graded picture with a coverage (rgb, a): white lines, a black veil dimming what a crop leaves out, or the
// custom image's own colours.
vec4 guideOverlay(vec2 uv) {
  float w = 1.5 * max(texel.x, texel.y);
  if (guide == 8) { // Custom: the imported image as it is, where it is opaque (sampled linear, shown as sRGB)
    vec4 custom = texture2D(guideImage, uv);
    return vec4(toSrgb(custom.rgb), custom.a);
  }
  if (guide == 1) { // GoldenRatio
    float a = 0.381966, b = 0.618034;
    return vec4(1.0, 1.0, 1.0, max(max(line(uv.x - a, w), line(uv.x - b, w)), max(line(uv.y - a, w), line(uv.y - b, w))));
  }
  if (guide == 2) { // RuleOfThird
    return vec4(1.0, 1.0, 1.0, max(max(line(uv.x - 1.0 / 3.0, w), line(uv.x - 2.0 / 3.0, w)), max(line(uv.y - 1.0 / 3.0, w), line(uv.y - 2.0 / 3.0, w))));
  }
  if (guide == 3) { // Diagonal
    return vec4(1.0, 1.0, 1.0, max(line(uv.x - uv.y, w * 1.4), line(uv.x - (1.0 - uv.y), w * 1.4)));
  }
  // Story 9:16, PortraitFeed 4:5, LandscapeFeed 1.91:1, Square 1:1: the crop's frame, the rest dimmed.
  float crop = guide == 4 ? 9.0 / 16.0 : guide == 5 ? 0.8 : guide == 6 ? 1.91 : guide == 7 ? 1.0 : 0.0;
  if (crop == 0.0) return vec4(0.0);
  float viewport = aspect.x / aspect.y;
  vec2 half_ = crop < viewport ? vec2(0.5 * crop / viewport, 0.5) : vec2(0.5, 0.5 * viewport / crop);
  vec2 d = abs(uv - 0.5) - half_;
  float edge = max(line(d.x, w) * step(d.y, 0.0), line(d.y, w) * step(d.x, 0.0));
  float veil = 0.5 * step(0.0, max(d.x, d.y));
  return edge >= veil ? vec4(1.0, 1.0, 1.0, edge) : vec4(0.0, 0.0, 0.0, veil);
}

void main() {
  vec4 source = texture2D(image, vUv);
  vec3 color = source.rgb;
#ifdef BLOOM
  if (bloom > 0.0) {
    vec3 glow = vec3(0.0);
    for (int i = -2; i <= 2; i++) for (int j = -2; j <= 2; j++) {
      vec3 s = texture2D(image, vUv + vec2(float(i), float(j)) * texel * 3.0).rgb;
      glow += max(s - 1.0, 0.0);
    }
    color += glow / 25.0 * bloom;
  }
#endif
#ifdef GLARE
  // The lens's glare round the lit lamps (Glare): their light spread wide and faint, widest faintest.
  color += (textureLod(glare, vUv, 1.0).rgb * 0.3 + textureLod(glare, vUv, 2.5).rgb * 0.5 +
    textureLod(glare, vUv, 4.0).rgb * 0.8);
#endif
#ifdef AMBIENT_OCCLUSION
  // Light the creases would not get (see AmbientOcclusion): the look's values apply to what is left.
  color *= texture2D(occlusion, vUv).r;
#endif
  color *= exp2(exposure);
  color *= vec3(1.0 + 0.2 * temperature, 1.0 - 0.1 * tint, 1.0 - 0.2 * temperature);
  color = color * gain.rgb * gain.a + offsetValue;
  float luma = dot(color, vec3(0.2126, 0.7152, 0.0722));
  color = mix(vec3(luma), color, max(0.0, 1.0 + saturation));
  color = 0.18 * pow(max(color, 0.0) / 0.18, vec3(max(0.05, 1.0 + contrast)));
  color = pow(max(color, 0.0), vec3(1.0 / max(0.05, 1.0 + gammaValue)));
  vec3 mapped = TONE_MAP(color);
  vec2 centred = (vUv - 0.5) * vec2(aspect.x / aspect.y, 1.0);
  mapped *= 1.0 - vignette * smoothstep(0.3, 1.0, length(centred));
  vec3 srgb = toSrgb(mapped);
#ifdef GUIDE
  vec4 overlay = guideOverlay(vUv);
#else
  vec4 overlay = vec4(0.0);
#endif
  float mask = overlay.a * guideOpacity;
  srgb = mix(srgb, overlay.rgb, mask);
  gl_FragColor = vec4(srgb, transparent ? max(source.a, mask) : 1.0);
}
`;

/** The vertex shader of every full-screen pass: a quad that covers the target, with its texture coordinates. */
export const FULL_SCREEN_VERTEX = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = vec4(position.xy, 0.0, 1.0);
}
`;

/** three.js's GLSL function for each tone mapper the engine offers. */
const TONE_MAP_FUNCTION: Record<ToneMapperName, string> = {
  Neutral: 'NeutralToneMapping',
  AgX: 'AgXToneMapping',
  ACES: 'ACESFilmicToneMapping',
};

const GUIDE_INDEX: Record<string, number> = {
  None: 0,
  GoldenRatio: 1,
  RuleOfThird: 2,
  Diagonal: 3,
  Story: 4,
  PortraitFeed: 5,
  LandscapeFeed: 6,
  Square: 7,
  Custom: 8,
};

// A state from an older engine may lack a value: it grades as 0.
const number = (value: number | undefined): number => value ?? 0;

/** Sets a uniform the material declares; a misspelt name is a programming error, so it throws. */
export function setUniform(material: THREE.ShaderMaterial, name: string, value: unknown): void {
  const uniform = material.uniforms[name];
  if (!uniform) throw new Error(`${material.type} has no uniform ${name}`);
  uniform.value = value;
}

export function createGradingMaterial(): THREE.ShaderMaterial {
  return new THREE.ShaderMaterial({
    vertexShader: FULL_SCREEN_VERTEX,
    fragmentShader,
    depthTest: false,
    depthWrite: false,
    uniforms: {
      image: { value: null },
      exposure: { value: 0 },
      temperature: { value: 0 },
      tint: { value: 0 },
      saturation: { value: 0 },
      contrast: { value: 0 },
      gammaValue: { value: 0 },
      gain: { value: new THREE.Vector4(1, 1, 1, 1) },
      offsetValue: { value: 0 },
      vignette: { value: 0 },
      bloom: { value: 0 },
      texel: { value: new THREE.Vector2(1, 1) },
      guide: { value: 0 },
      guideImage: { value: null },
      guideOpacity: { value: 0.5 },
      aspect: { value: new THREE.Vector2(16, 9) },
      transparent: { value: false },
      occlusion: { value: null },
      glare: { value: null },
      toneMappingExposure: { value: 1 },
    },
    // The tone mapper comes from the state: updateGrading sets TONE_MAP before the first frame.
  });
}

export function updateGrading(
  material: THREE.ShaderMaterial,
  state: SceneState,
  options: {
    withGuide: boolean;
    exposureBias: number;
    guideImage?: THREE.Texture | null;
    /** The picture's ambient occlusion (AmbientOcclusion), same size; none: nothing occluded. */
    occlusion?: THREE.Texture | null;
    /** Whether the picture has light sources to glare (lit lamps): the pipeline then gathers its Glare. */
    glare?: boolean;
  },
): void {
  const post = state.postProcess;
  const set = (name: string, value: unknown) => setUniform(material, name, value);
  set('exposure', number(post.ExposureCompensationOut) + options.exposureBias);
  set('temperature', number(post.TemperatureTempOut));
  set('tint', number(post.TemperatureTintOut));
  set('saturation', number(post.GlobalSaturationOut));
  set('contrast', number(post.GlobalContrastOut));
  set('gammaValue', number(post.GlobalGammaOut));
  set('offsetValue', number(post.OffsetOut));
  set('vignette', Math.min(1, Math.max(0, number(post.VignetteIntensityOut))));
  set('bloom', Math.max(0, number(post.BloomIntensityOut)));
  const gain = post.GainOut;
  set('gain', new THREE.Vector4(gain.X, gain.Y, gain.Z, gain.W));
  let guide = options.withGuide ? (GUIDE_INDEX[state.camera.compositionGuide] ?? 0) : 0;
  // The Custom guide shows only once its image has loaded.
  if (guide === GUIDE_INDEX.Custom) {
    if (options.guideImage) set('guideImage', options.guideImage);
    else guide = 0;
  }
  set('guide', guide);
  set('guideOpacity', state.camera.compositionOpacity);
  // Bloom, guides and occlusion are compiled in only when used, and only the chosen tone mapper: a CPU renderer runs both
  // branches of a shader's if.
  const defines: Record<string, string> = { TONE_MAP: TONE_MAP_FUNCTION[state.render.toneMapper] };
  if (number(post.BloomIntensityOut) > 0) defines.BLOOM = '';
  if (guide > 0) defines.GUIDE = '';
  if (options.glare) defines.GLARE = '';
  if (options.occlusion) {
    defines.AMBIENT_OCCLUSION = '';
    set('occlusion', options.occlusion);
  }
  if (JSON.stringify(defines) !== JSON.stringify(material.defines)) {
    material.defines = defines;
    material.needsUpdate = true;
  }
}

/** Copies a texture as it is: a graded image is already display-encoded, and a data layer (the shadow's alpha) stays data. */
export const copyMaterial = () =>
  new THREE.ShaderMaterial({
    depthTest: false,
    depthWrite: false,
    uniforms: { source: { value: null } },
    vertexShader: FULL_SCREEN_VERTEX,
    fragmentShader: /* glsl */ `
      precision highp float;
      uniform sampler2D source;
      varying vec2 vUv;
      void main() { gl_FragColor = texture2D(source, vUv); }`,
  });
