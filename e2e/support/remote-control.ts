import type { APIRequestContext, Page } from '@playwright/test';
import {
  API_BASE,
  API_ROUTES,
  ENGINE_OBJECT_PATHS,
  STORAGE_KEYS,
  type EngineObjectKey,
  type SessionResponse,
} from '@autostudio/protocol';

/** A Remote Control API call straight to an engine (host:port), as Unreal's HTTP API takes it. */
export async function engineCall(
  request: APIRequestContext,
  instanceId: string,
  object: EngineObjectKey,
  functionName: string,
  parameters?: object,
): Promise<unknown> {
  const response = await request.put(`http://${instanceId}/remote/object/call`, {
    data: { objectPath: ENGINE_OBJECT_PATHS[object], functionName, ...(parameters ? { parameters } : {}) },
  });
  if (!response.ok()) throw new Error(`${functionName} answered ${response.status()}: ${await response.text()}`);
  const text = await response.text();
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** The paint on the engine's car and the ones its trim offers. */
export async function paintOf(request: APIRequestContext, instanceId: string) {
  return (await engineCall(request, instanceId, 'car', 'Get Material Options')) as {
    Current: string;
    MaterialOptions: string[];
  };
}

/** What the server says about the signed-in user of `page`: their current session, asked with their own token. */
export async function currentSession(page: Page, request: APIRequestContext): Promise<SessionResponse> {
  const token = await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.accessToken);
  return currentSessionWith(request, token ?? '');
}

export async function currentSessionWith(request: APIRequestContext, token: string): Promise<SessionResponse> {
  const response = await request.get(`${API_BASE}${API_ROUTES.sessions.current}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as SessionResponse;
}
