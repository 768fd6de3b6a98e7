import { expect } from 'vitest';

/** The CORS headers Unreal's Remote Control API sends on every answer (reference §A2). */
export function expectCors(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-methods')).toBe('PUT, POST, GET, OPTIONS');
  expect(response.headers.get('access-control-allow-headers')).toBe('Origin, X-Requested-With, Content-Type, Accept');
  expect(response.headers.get('access-control-max-age')).toBe('600');
}

/** A response body as JSON; Unreal's empty 200 is null. */
export async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? null : JSON.parse(text);
}
