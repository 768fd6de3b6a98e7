import * as THREE from 'three';

/** Chromium's CPU rasterisers: WebGL works, but a path tracer's shader takes most of a minute to compile. */
const SOFTWARE_WEBGL = /swiftshader|llvmpipe|softpipe|software/i;

/** What the page's WebGL runs on, as `configure` reports it to Node. */
export interface WebglHost {
  /** The GL renderer string, unmasked where the browser allows it. */
  name: string;
  /** Whether it is one of Chromium's CPU rasterisers. */
  software: boolean;
}

/**
 * The page's one renderer, drawing into the canvas on demand: no antialiasing (the pipeline averages jittered
 * samples), a transparent clear, and a shadow map drawn only when asked for (ShadowUpdates).
 */
export function createRenderer(canvas: HTMLCanvasElement): THREE.WebGLRenderer {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, alpha: true, preserveDrawingBuffer: false });
  renderer.setPixelRatio(1);
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  renderer.shadowMap.autoUpdate = false;
  renderer.setClearColor(0x000000, 0);
  return renderer;
}

export function webglHost(renderer: THREE.WebGLRenderer): WebglHost {
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  return { name, software: SOFTWARE_WEBGL.test(name) };
}
