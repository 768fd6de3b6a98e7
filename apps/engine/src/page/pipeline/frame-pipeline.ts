import * as THREE from 'three';
import { FullScreenQuad } from 'three/addons/postprocessing/Pass.js';
import { copyMaterial, createGradingMaterial, FULL_SCREEN_VERTEX, setUniform } from './grading.js';
import { Glare } from './glare.js';
import { Upscaler } from './upscale.js';

const blendMaterial = () =>
  new THREE.ShaderMaterial({
    depthTest: false,
    depthWrite: false,
    uniforms: { previous: { value: null }, current: { value: null }, weight: { value: 1 } },
    vertexShader: FULL_SCREEN_VERTEX,
    fragmentShader: /* glsl */ `
      precision highp float;
      uniform sampler2D previous;
      uniform sampler2D current;
      uniform float weight;
      varying vec2 vUv;
      void main() { gl_FragColor = mix(texture2D(previous, vUv), texture2D(current, vUv), weight); }`,
  });

const hdrTarget = (width: number, height: number) =>
  new THREE.WebGLRenderTarget(width, height, {
    type: THREE.HalfFloatType,
    format: THREE.RGBAFormat,
    depthBuffer: true,
    minFilter: THREE.LinearFilter,
    magFilter: THREE.LinearFilter,
  });

/**
 * Renders linear HDR samples into a float target and keeps their running average (progressive refinement), then
 * grades, tone maps and encodes the average into the canvas or into an 8-bit target for stills.
 */
export class FramePipeline {
  readonly grading = createGradingMaterial();
  private sample: THREE.WebGLRenderTarget;
  private accumulated: [THREE.WebGLRenderTarget, THREE.WebGLRenderTarget];
  private readonly blend = blendMaterial();
  private readonly blendQuad = new FullScreenQuad(this.blend);
  private readonly outputQuad = new FullScreenQuad(this.grading);
  /** A quick frame graded at its own size, before it is scaled up to the canvas. */
  private readonly graded = new THREE.WebGLRenderTarget(16, 16, {
    minFilter: THREE.LinearFilter,
    magFilter: THREE.LinearFilter,
    depthBuffer: false,
  });
  private readonly upscaler = new Upscaler();
  private readonly glare = new Glare();
  private readonly copy = copyMaterial();
  private readonly copyQuad = new FullScreenQuad(this.copy);
  private readonly canvasSize = new THREE.Vector2();
  private count = 0;

  constructor(
    private readonly renderer: THREE.WebGLRenderer,
    width: number,
    height: number,
  ) {
    this.sample = hdrTarget(width, height);
    this.accumulated = [hdrTarget(width, height), hdrTarget(width, height)];
  }

  get samples(): number {
    return this.count;
  }

  get size(): { width: number; height: number } {
    return { width: this.sample.width, height: this.sample.height };
  }

  /** Starts a new average at this size (the state changed, or a still or interactive frame needs another size). */
  restart(width: number, height: number): void {
    this.count = 0;
    if (this.sample.width === width && this.sample.height === height) return;
    for (const target of [this.sample, ...this.accumulated]) target.setSize(width, height);
  }

  addSample(scene: THREE.Scene, camera: THREE.Camera): void {
    const { renderer } = this;
    if (this.count === 0) {
      // The first sample is the average: drawn straight into it, it saves a pass on every interactive frame.
      renderer.setRenderTarget(this.accumulated[0]);
      renderer.clear();
      renderer.render(scene, camera);
      this.count = 1;
      return;
    }
    renderer.setRenderTarget(this.sample);
    renderer.clear();
    renderer.render(scene, camera);
    const [previous, next] = this.accumulated;
    setUniform(this.blend, 'previous', previous.texture);
    setUniform(this.blend, 'current', this.sample.texture);
    setUniform(this.blend, 'weight', 1 / (this.count + 1));
    renderer.setRenderTarget(next);
    this.blendQuad.render(renderer);
    this.accumulated = [next, previous];
    this.count += 1;
  }

  /**
   * Grades the average, or another linear HDR image (the path tracer's), into `target` (null: the canvas), scaled to
   * fill it.
   */
  present(target: THREE.WebGLRenderTarget | null, transparent: boolean, source?: THREE.Texture): void {
    const image = source ?? this.accumulated[0].texture;
    const { width, height } = image.image as { width: number; height: number };
    const canvas = this.renderer.getDrawingBufferSize(this.canvasSize);
    const outputPixels = target ? target.width * target.height : canvas.x * canvas.y;
    if (width * height < outputPixels) {
      // A quick frame: grading every output pixel (bloom alone reads 25 texels for each) would cost more than
      // drawing the frame at its small size did. It is graded at its own size and scaled up.
      this.graded.setSize(width, height);
      this.grade(image, this.graded, transparent);
      this.upscaler.upscale(this.renderer, this.graded, target);
      return;
    }
    this.grade(image, target, transparent);
  }

  /** Copies the average as it is, ungraded, into `target`: a layer whose pixels are data (the shadow's alpha). */
  presentRaw(target: THREE.WebGLRenderTarget): void {
    setUniform(this.copy, 'source', this.accumulated[0].texture);
    this.renderer.setRenderTarget(target);
    this.copyQuad.render(this.renderer);
  }

  private grade(image: THREE.Texture, target: THREE.WebGLRenderTarget | null, transparent: boolean): void {
    const { width, height } = image.image as { width: number; height: number };
    if (this.grading.defines.GLARE !== undefined) {
      const exposure = this.grading.uniforms.exposure?.value as number;
      setUniform(this.grading, 'glare', this.glare.compute(this.renderer, image, exposure));
    }
    setUniform(this.grading, 'image', image);
    setUniform(this.grading, 'texel', new THREE.Vector2(1 / width, 1 / height));
    setUniform(this.grading, 'aspect', new THREE.Vector2(width, height));
    setUniform(this.grading, 'transparent', transparent);
    this.renderer.setRenderTarget(target);
    this.outputQuad.render(this.renderer);
  }

  dispose(): void {
    for (const target of [this.sample, ...this.accumulated, this.graded]) target.dispose();
    this.blendQuad.dispose();
    this.outputQuad.dispose();
    this.copyQuad.dispose();
    this.upscaler.dispose();
    this.glare.dispose();
  }
}
