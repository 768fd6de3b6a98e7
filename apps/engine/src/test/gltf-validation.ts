import { validateBytes } from 'gltf-validator';

/** What the Khronos validator found wrong in a GLB: its errors, each with where it is ('' for none). */
export async function glbErrors(bytes: Uint8Array): Promise<string[]> {
  const report = await validateBytes(bytes, { maxIssues: 50 });
  // Severity 0 is an error; warnings and hints (unused objects, non-unit normals within tolerance) do not fail a file.
  return report.issues.messages
    .filter((message) => message.severity === 0)
    .map((message) => `${message.code} at ${message.pointer ?? '/'}: ${message.message}`);
}

/** A GLB's JSON chunk, parsed: the tests read materials and nodes in it. */
export function glbJson(bytes: Buffer): GltfJson {
  // Header (12 bytes), then the JSON chunk: its length, its type, its text.
  const length = bytes.readUInt32LE(12);
  return JSON.parse(bytes.subarray(20, 20 + length).toString('utf8')) as GltfJson;
}

export interface GltfJson {
  nodes?: { name?: string; matrix?: number[]; rotation?: number[]; mesh?: number; extras?: unknown }[];
  materials?: {
    name?: string;
    pbrMetallicRoughness?: { baseColorFactor?: number[]; metallicFactor?: number; roughnessFactor?: number };
    extensions?: Record<string, unknown>;
  }[];
  scenes?: { name?: string; nodes?: number[] }[];
}
