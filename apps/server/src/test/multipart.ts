/** A real multipart/form-data body for app.inject, encoded by the platform's own FormData. */
export async function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { name: string; content: Buffer | string; type?: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    form.append(name, new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The smallest GLB a loader accepts: header, JSON chunk with an empty asset (or the glTF JSON given). */
export function tinyGlb(gltf: object = { asset: { version: '2.0' } }): Buffer {
  const text = JSON.stringify(gltf);
  const json = Buffer.from(text.padEnd(Math.max(28, Math.ceil(text.length / 4) * 4), ' '));
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length, 8);
  const chunkHeader = Buffer.alloc(8);
  chunkHeader.writeUInt32LE(json.length, 0);
  chunkHeader.write('JSON', 4, 'ascii');
  return Buffer.concat([header, chunkHeader, json]);
}
