import * as THREE from 'three';
import { FullScreenQuad } from 'three/addons/postprocessing/Pass.js';
import { FULL_SCREEN_VERTEX, setUniform } from './grading.js';

/** The glare is gathered at this fraction of the picture's size: it is blurred far wider than a pixel anyway. */
const SCALE = 0.25;
/**
 * What counts as a light source: more than this after exposure, over two stops past the white a tone mapper rolls off
 * to. The car's lit lamps are about six; the paint, glass and chrome under a studio's light stay under one.
 */
const GLARE_THRESHOLD = 3;

const brightPassMaterial = () =>
  new THREE.ShaderMaterial({
    depthTest: false,
    depthWrite: false,
    uniforms: { image: { value: null }, exposure: { value: 0 } },
    vertexShader: FULL_SCREEN_VERTEX,
    fragmentShader: /* glsl */ `
      precision highp float;
      uniform sampler2D image;
      uniform float exposure;
      varying vec2 vUv;
      void main() {
        float scale = exp2(exposure);
        vec3 exposed = texture2D(image, vUv).rgb * scale;
        // Back in the picture's own units: the output pass exposes it with the rest.
        gl_FragColor = vec4(max(exposed - ${GLARE_THRESHOLD.toFixed(1)}, 0.0) / scale, 1.0);
      }`,
  });

/**
 * A lens's glare around the light sources in a picture (the car's lit lamps): what is brighter than GLARE_THRESHOLD,
 * gathered at a quarter of the size into a mipmapped target, whose blurrier levels the output pass adds back. The
 * post-process look's own bloom (Bloom_Intensity, 0 by default) is another thing: it is the user's, this is the
 * camera's, and only lit lamps turn it on.
 */
export class Glare {
  private readonly target = new THREE.WebGLRenderTarget(1, 1, {
    type: THREE.HalfFloatType,
    depthBuffer: false,
    generateMipmaps: true,
    minFilter: THREE.LinearMipmapLinearFilter,
    magFilter: THREE.LinearFilter,
  });
  private readonly material = brightPassMaterial();
  private readonly quad = new FullScreenQuad(this.material);

  /** The bright part of `image` (linear HDR) at `exposure` stops, mipmapped. */
  compute(renderer: THREE.WebGLRenderer, image: THREE.Texture, exposure: number): THREE.Texture {
    const { width, height } = image.image as { width: number; height: number };
    const [w, h] = [Math.max(1, Math.round(width * SCALE)), Math.max(1, Math.round(height * SCALE))];
    if (this.target.width !== w || this.target.height !== h) this.target.setSize(w, h);
    setUniform(this.material, 'image', image);
    setUniform(this.material, 'exposure', exposure);
    const previous = renderer.getRenderTarget();
    renderer.setRenderTarget(this.target);
    this.quad.render(renderer);
    renderer.setRenderTarget(previous);
    return this.target.texture;
  }

  dispose(): void {
    this.target.dispose();
    this.quad.dispose();
    this.material.dispose();
  }
}
