import { describe, expect, it } from 'vitest';
import { GLB_HEADER_BYTES, MAX_GLTF_JSON_BYTES, glbJsonChunk } from './gltf-container.js';

/** A GLB's first 20 bytes: `magic`, version 2, a total length, then the first chunk's length and `type`. */
function header({ magic = 'glTF', length = 100, type = 'JSON' } = {}): Uint8Array {
  const bytes = new Uint8Array(GLB_HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(magic.slice(0, 4)), 0);
  view.setUint32(4, 2, true);
  view.setUint32(8, GLB_HEADER_BYTES + length, true);
  view.setUint32(12, length, true);
  bytes.set(new TextEncoder().encode(type.slice(0, 4)), 16);
  return bytes;
}

describe('glbJsonChunk', () => {
  it('gives the length of the JSON chunk that follows the header', () => {
    expect(glbJsonChunk(header({ length: 1234 }))).toEqual({ length: 1234 });
  });

  it('reads a header that sits inside a larger buffer', () => {
    const file = new Uint8Array(64);
    file.set(header({ length: 42 }), 8);
    expect(glbJsonChunk(file.subarray(8, 8 + GLB_HEADER_BYTES))).toEqual({ length: 42 });
  });

  it('refuses what is not a GLB whose first chunk is JSON, or an empty chunk', () => {
    expect(glbJsonChunk(header({ magic: 'PK\u0003\u0004' }))).toEqual({ refused: 'unreadable' });
    expect(glbJsonChunk(header({ type: 'BIN\u0000' }))).toEqual({ refused: 'unreadable' });
    expect(glbJsonChunk(header({ length: 0 }))).toEqual({ refused: 'unreadable' });
    expect(glbJsonChunk(header().subarray(0, 12))).toEqual({ refused: 'unreadable' });
  });

  it('refuses a JSON chunk over the limit before anything of it is read', () => {
    expect(glbJsonChunk(header({ length: MAX_GLTF_JSON_BYTES }))).toEqual({ length: MAX_GLTF_JSON_BYTES });
    expect(glbJsonChunk(header({ length: MAX_GLTF_JSON_BYTES + 1 }))).toEqual({ refused: 'tooLarge' });
  });
});
