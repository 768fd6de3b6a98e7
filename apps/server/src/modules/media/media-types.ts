import path from 'node:path';

/** The file types the product stores (images, HDRIs, models, archives, videos, settings) and their media types. */
const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.hdr': 'image/vnd.radiance',
  '.exr': 'image/x-exr',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.zip': 'application/zip',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
  '.json': 'application/json',
};

/** Anything else is served as opaque bytes, so that a browser never runs an uploaded page or script. */
export function mediaTypeOf(key: string): string {
  return MEDIA_TYPES[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** The usual extension of a media type (`image/jpeg` → `.jpg`), or undefined for a type the product does not store. */
export function extensionOf(contentType: string): string | undefined {
  return Object.entries(MEDIA_TYPES).find(([, type]) => type === contentType)?.[0];
}
