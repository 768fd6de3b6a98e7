import * as THREE from 'three';
import type { EngineGlobal } from '../../contract/render-contract.js';
import { webglHost } from '../drawing/webgl-renderer.js';
import { pmremTarget } from './pmrem-target.js';

/**
 * Prefiltered reflection maps kept across engine starts. The studio's map is the same at every start (a fixed
 * capture, fixed softboxes), yet prefiltering it is 5 of a CPU renderer's 6.5 GPU-seconds of start. The first start
 * reads its texels back and hands them to Node (`autostudioKeep`, PageCache); later starts fetch them from the page
 * server's `/cache/` and upload them: the same half floats, so the same picture.
 *
 * Entries are per GPU as well as per build of the page (Node names the build): another rasteriser prefilters to
 * slightly different texels, and a picture must not depend on which engine's start filled the cache.
 */
export class ReflectionCache {
  private readonly host: string;

  constructor(private readonly renderer: THREE.WebGLRenderer) {
    this.host = fnv1a(webglHost(renderer).name);
  }

  /** The map `prefilter` makes, as an earlier start of this page on this GPU kept it, or made now and kept. */
  async map(name: string, prefilter: () => THREE.WebGLCubeRenderTarget): Promise<THREE.WebGLCubeRenderTarget> {
    const entry = `${name}-${this.host}`;
    const kept = await load(entry);
    const uploaded = kept && this.upload(kept);
    if (uploaded) return uploaded;
    const target = prefilter();
    const texels = this.readBack(target);
    // Keeping it is for the next start: this one draws on.
    if (texels) void keep(entry, texels);
    return target;
  }

  /** The target's faces and levels as half floats after a header of size and level count, or null if unreadable. */
  private readBack(target: THREE.WebGLCubeRenderTarget): Uint8Array<ArrayBuffer> | null {
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    const framebuffers = (this.renderer.properties.get(target) as { __webglFramebuffer?: unknown }).__webglFramebuffer;
    const levels = target.texture.mipmaps.length;
    if (!Array.isArray(framebuffers) || levels === 0) return null;
    const size = target.width;
    const halves = new Uint16Array(texelCount(size, levels));
    const floats = new Float32Array(size * size * 4);
    let offset = 0;
    try {
      for (let face = 0; face < 6; face += 1) {
        for (let level = 0; level < levels; level += 1) {
          const side = size >> level;
          const values = floats.subarray(0, side * side * 4);
          gl.bindFramebuffer(gl.FRAMEBUFFER, (framebuffers[face] as WebGLFramebuffer[])[level] ?? null);
          // RGBA floats are what WebGL 2 always reads from a float target; each was a half float, so it goes back
          // exactly.
          gl.readPixels(0, 0, side, side, gl.RGBA, gl.FLOAT, values);
          for (let i = 0; i < values.length; i += 1) halves[offset + i] = THREE.DataUtils.toHalfFloat(values[i] ?? 0);
          offset += values.length;
        }
      }
      if (gl.getError() !== gl.NO_ERROR) return null;
    } finally {
      // three tracks what is bound; it must learn that this changed it.
      this.renderer.resetState();
    }
    return withHeader(size, levels, halves);
  }

  /** A PMREM target holding the kept texels, or null if they are not a whole map. */
  private upload(bytes: ArrayBuffer): THREE.WebGLCubeRenderTarget | null {
    const header = new Uint32Array(bytes, 0, Math.min(HEADER_WORDS, Math.floor(bytes.byteLength / 4)));
    const [magic, size = 0, levels = 0] = header;
    if (magic !== MAGIC || size < 1 || levels < 1 || size >> (levels - 1) < 1) return null;
    if (bytes.byteLength !== HEADER_WORDS * 4 + texelCount(size, levels) * 2) return null;
    const target = pmremTarget(size, levels);
    this.renderer.initRenderTarget(target);
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    const texture = (this.renderer.properties.get(target.texture) as { __webglTexture?: WebGLTexture }).__webglTexture;
    if (!texture) {
      target.dispose();
      return null;
    }
    const halves = new Uint16Array(bytes, HEADER_WORDS * 4);
    let offset = 0;
    try {
      gl.bindTexture(gl.TEXTURE_CUBE_MAP, texture);
      gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
      for (let face = 0; face < 6; face += 1) {
        for (let level = 0; level < levels; level += 1) {
          const side = size >> level;
          const count = side * side * 4;
          const values = halves.subarray(offset, offset + count);
          gl.texSubImage2D(
            gl.TEXTURE_CUBE_MAP_POSITIVE_X + face,
            level,
            0,
            0,
            side,
            side,
            gl.RGBA,
            gl.HALF_FLOAT,
            values,
          );
          offset += count;
        }
      }
      if (gl.getError() !== gl.NO_ERROR) {
        target.dispose();
        return null;
      }
    } finally {
      this.renderer.resetState();
    }
    return target;
  }
}

/** "PMRM": the entry is a prefiltered cube, size and level count following. */
const MAGIC = 0x4d524d50;
const HEADER_WORDS = 3;

/** Values in a cube of `levels` mips from `size` texels a side: RGBA for each texel of each face. */
function texelCount(size: number, levels: number): number {
  let texels = 0;
  for (let level = 0; level < levels; level += 1) texels += (size >> level) ** 2;
  return texels * 6 * 4;
}

function withHeader(size: number, levels: number, halves: Uint16Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(HEADER_WORDS * 4 + halves.byteLength);
  new Uint32Array(bytes.buffer, 0, HEADER_WORDS).set([MAGIC, size, levels]);
  bytes.set(new Uint8Array(halves.buffer), HEADER_WORDS * 4);
  return bytes;
}

async function load(entry: string): Promise<ArrayBuffer | null> {
  try {
    const response = await fetch(`/cache/${entry}`);
    return response.ok ? await response.arrayBuffer() : null;
  } catch {
    return null;
  }
}

async function keep(entry: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  const hand = (globalThis as EngineGlobal).autostudioKeep;
  if (!hand) return;
  // A data URL is the browser's own fast base64 of a large buffer.
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The reflection map could not be encoded'));
    reader.readAsDataURL(new Blob([bytes]));
  }).catch(() => null);
  if (url) await hand(entry, url.slice(url.indexOf(',') + 1)).catch(() => undefined);
}

/** A short, stable name for a GPU's renderer string (32-bit FNV-1a). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
