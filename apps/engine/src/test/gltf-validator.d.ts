/** The Khronos glTF validator's one call the tests use (the package ships no types). */
declare module 'gltf-validator' {
  interface ValidationMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
  }
  interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; messages: ValidationMessage[] };
    info?: { totalVertexCount?: number; drawCallCount?: number; materialCount?: number };
  }
  export function validateBytes(data: Uint8Array, options?: { maxIssues?: number }): Promise<ValidationReport>;
}
