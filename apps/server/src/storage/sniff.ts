/**
 * What a file really is, from its first bytes rather than its name. Covers the formats the studio takes:
 * images for backplates, backdrops, guides and previews, and 3D models.
 */
export type SniffedType = { kind: 'image' | 'model'; contentType: string; extension: string };

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string): readonly number[] => Array.from(Buffer.from(text, 'ascii'));

export const SNIFF_BYTES = 64;

export function sniff(head: Buffer): SniffedType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', contentType: 'image/png', extension: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8))
    return { kind: 'image', contentType: 'image/webp', extension: 'webp' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')))
    return { kind: 'image', contentType: 'image/gif', extension: 'gif' };
  if (startsWith(head, ascii('#?RADIANCE')) || startsWith(head, ascii('#?RGBE')))
    return { kind: 'image', contentType: 'image/vnd.radiance', extension: 'hdr' };
  if (startsWith(head, [0x76, 0x2f, 0x31, 0x01]))
    return { kind: 'image', contentType: 'image/x-exr', extension: 'exr' };
  if (startsWith(head, ascii('glTF'))) return { kind: 'model', contentType: 'model/gltf-binary', extension: 'glb' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]))
    return { kind: 'model', contentType: 'application/zip', extension: 'zip' };
  // A glTF JSON file: a JSON object whose first key is, by every exporter's habit, "asset" or another glTF key.
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^\{\s*"(asset|scene|scenes|nodes|meshes|accessors|buffers|bufferViews|materials|extensionsUsed)"/.test(text)) {
    return { kind: 'model', contentType: 'model/gltf+json', extension: 'gltf' };
  }
  return null;
}

export const ACCEPTED_TYPES = {
  image: 'PNG, JPEG, WebP, GIF, HDR or EXR',
  model: 'GLB, glTF or ZIP',
} as const;
