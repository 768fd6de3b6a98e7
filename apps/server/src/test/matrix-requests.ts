import { multipartBody } from './multipart.js';
import type { TestApp } from './test-app.js';

/** One cell's request of the access matrices: JSON, multipart or no body. */
export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  json?: object;
  multipart?: { fields: Record<string, string>; files?: Record<string, { name: string; content: Buffer }> };
}

/** Sends the request through the server's real HTTP handling, with the caller's Bearer token when there is one. */
export async function send(t: TestApp, token: string | undefined, request: MatrixRequest) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (request.multipart) {
    const body = await multipartBody(request.multipart.fields, request.multipart.files);
    return t.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.json ? { payload: request.json } : {}),
  });
}

export function createdId(response: { statusCode: number; body: string }): string {
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return (JSON.parse(response.body) as { id: string }).id;
}
