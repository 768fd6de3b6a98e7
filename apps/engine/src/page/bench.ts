import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { BenchmarkResult } from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';
import { frameSync } from './pipeline/frame-sync.js';

/** What the benchmark drives: the page's renderer and scene, and its own way of drawing a sample. */
export interface BenchmarkTarget {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  /** Starts a new average at a size. */
  restart(width: number, height: number): void;
  /** Adds one sample of a state to the average (jittered or not) and presents it, as the viewport does. */
  draw(state: SceneState, jitter: boolean): void;
}

/**
 * Frame time of a state while the camera turns, as the benchmark measures it: interactive frames at `scale` of the
 * viewport or refined (full size, jittered) samples, each waited for, against the bare baseline.
 */
export function benchmarkFrames(
  target: BenchmarkTarget,
  state: SceneState,
  options: { frames: number; interactive: boolean; scale: number },
): BenchmarkResult {
  const sync = frameSync(target.renderer);
  const width = Math.round(state.viewport.width * options.scale);
  const height = Math.round(state.viewport.height * options.scale);
  const frame = (i: number) => {
    const turned = structuredClone(state);
    turned.camera.crane.yaw += i;
    if (options.interactive) target.restart(width, height);
    target.draw(turned, !options.interactive);
    sync();
  };
  target.restart(width, height);
  frame(0);
  const started = performance.now();
  for (let i = 1; i <= options.frames; i += 1) frame(i);
  const frameMs = (performance.now() - started) / options.frames;
  const triangles = countTriangles(target.scene);
  const bareMs = bareSceneFrameMs({ triangles, width, height, frames: options.frames });
  return { frameMs, bareMs, triangles };
}

/**
 * The benchmark's baseline: a bare three.js scene (one standard material, one light, no environment, no
 * post-processing) with a given triangle count, drawn straight to its own canvas. The engine's frame times are
 * reported as ratios to it, measured in the same run on the same machine.
 */
export function bareSceneFrameMs(options: {
  triangles: number;
  width: number;
  height: number;
  frames: number;
}): number {
  const canvas = document.createElement('canvas');
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false });
  renderer.setPixelRatio(1);
  renderer.setSize(options.width, options.height, false);
  const scene = new THREE.Scene();
  scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 1));
  const light = new THREE.DirectionalLight(0xffffff, 2);
  light.position.set(3, 5, 2);
  scene.add(light);
  // Spheres of ~2k triangles, laid out like a car's footprint so the fill is comparable.
  const sphere = new THREE.SphereGeometry(0.3, 32, 32);
  const perSphere = sphere.index ? sphere.index.count / 3 : 0;
  const count = Math.max(1, Math.round(options.triangles / perSphere));
  const parts: THREE.BufferGeometry[] = [];
  for (let i = 0; i < count; i += 1) {
    const g = sphere.clone();
    g.translate(((i % 8) - 3.5) * 0.3, 0.4 + (Math.floor(i / 64) % 4) * 0.3, ((Math.floor(i / 8) % 8) - 3.5) * 0.6);
    parts.push(g);
  }
  scene.add(
    new THREE.Mesh(mergeGeometries(parts), new THREE.MeshStandardMaterial({ color: 0x3366aa, roughness: 0.4 })),
  );
  const camera = new THREE.PerspectiveCamera(35, options.width / options.height, 0.1, 100);
  const sync = frameSync(renderer);
  const draw = (i: number) => {
    camera.position.set(Math.sin(i * 0.05) * 8, 2, Math.cos(i * 0.05) * 8);
    camera.lookAt(0, 0.6, 0);
    renderer.setRenderTarget(null);
    renderer.render(scene, camera);
    sync();
  };
  draw(0);
  const started = performance.now();
  for (let i = 1; i <= options.frames; i += 1) draw(i);
  const ms = (performance.now() - started) / options.frames;
  renderer.dispose();
  renderer.forceContextLoss();
  return ms;
}

/** Triangles drawn for a scene: what the baseline must match. */
export function countTriangles(scene: THREE.Object3D): number {
  let triangles = 0;
  scene.traverseVisible((node) => {
    if (!(node instanceof THREE.Mesh)) return;
    const geometry = node.geometry as THREE.BufferGeometry;
    const vertices = geometry.index ? geometry.index.count : geometry.getAttribute('position').count;
    const instances = node instanceof THREE.InstancedMesh ? node.count : 1;
    triangles += (vertices / 3) * instances;
  });
  return Math.round(triangles);
}
