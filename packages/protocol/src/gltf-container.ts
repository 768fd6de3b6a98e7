/*
 * The parts of a glTF file the server and the engine read without a glTF loader: the JSON of a .gltf, or of a GLB's
 * first chunk. Both refuse the same files the same way.
 */

/** glTF JSON larger than this is not read: it would be read whole to be parsed (a GLB's binary chunk never is). */
export const MAX_GLTF_JSON_BYTES = 128 * 1024 * 1024;
/** A GLB's own header (magic, version, length) and its first chunk's (length, type); the chunk's data follows. */
export const GLB_HEADER_BYTES = 20;
const GLB_MAGIC = 0x46546c67; // 'glTF'
const GLB_JSON_CHUNK = 0x4e4f534a; // 'JSON'

/**
 * Where a GLB's JSON is, from the file's first GLB_HEADER_BYTES: its length (it starts right after them), or why it
 * cannot be read — not a GLB whose first chunk is JSON, an empty chunk, or one over MAX_GLTF_JSON_BYTES.
 */
export function glbJsonChunk(header: Uint8Array): { length: number } | { refused: 'unreadable' | 'tooLarge' } {
  if (header.length < GLB_HEADER_BYTES) return { refused: 'unreadable' };
  const view = new DataView(header.buffer, header.byteOffset, GLB_HEADER_BYTES);
  if (view.getUint32(0, true) !== GLB_MAGIC || view.getUint32(16, true) !== GLB_JSON_CHUNK) {
    return { refused: 'unreadable' };
  }
  const length = view.getUint32(12, true);
  if (length > MAX_GLTF_JSON_BYTES) return { refused: 'tooLarge' };
  if (length === 0) return { refused: 'unreadable' };
  return { length };
}
