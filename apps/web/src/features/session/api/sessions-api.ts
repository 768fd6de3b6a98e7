import {
  API_ROUTES,
  assetModelSchema,
  modelDownloadLinkSchema,
  pathTo,
  sessionResponseSchema,
  type AssetModel,
  type ModelDownloadLink,
  type SessionResponse,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';

/** Spec §7 session calls, reading two: each answers `{success, message, sessionDetails}`. */
export function requestAllocate(): Promise<SessionResponse> {
  return apiRequest(API_ROUTES.sessions.requestAllocate, {
    method: 'POST',
    schema: sessionResponseSchema,
    okStatuses: [503],
  });
}

export function sendHeartbeat(sessionId: string): Promise<SessionResponse> {
  return apiRequest(API_ROUTES.sessions.sessionHeartbeat, {
    method: 'POST',
    body: { sessionId },
    schema: sessionResponseSchema,
    okStatuses: [404],
  });
}

export function releaseSession(sessionId: string): Promise<SessionResponse> {
  return apiRequest(API_ROUTES.sessions.sessionRelease, {
    method: 'POST',
    body: { sessionId },
    schema: sessionResponseSchema,
    okStatuses: [404],
  });
}

/** Spec §7 reading one: the user's engine if it still answers, else a fresh one (another sessionId). */
export function reconnectSession(): Promise<SessionResponse> {
  return apiRequest(API_ROUTES.sessions.reconnect, {
    method: 'POST',
    body: {},
    schema: sessionResponseSchema,
    okStatuses: [404, 503],
  });
}

/**
 * The page is going away (closed, or reloading): the server releases the session after its grace period unless
 * the reloaded page's heartbeat comes first. Sent with keepalive, so that it is delivered after the page is gone.
 */
export function releaseOnPageClose(sessionId: string): Promise<SessionResponse> {
  return apiRequest(API_ROUTES.sessions.release, {
    method: 'POST',
    body: { sessionId, pageClosed: true },
    keepalive: true,
    handleUnauthorized: true,
    schema: sessionResponseSchema,
    okStatuses: [404],
  });
}

/** A short-lived URL the engine downloads the product's model from, without the user's credentials. */
export function modelDownloadLink(assetModelId: string): Promise<ModelDownloadLink> {
  return apiRequest(pathTo(API_ROUTES.assetModels.downloadLink, { id: assetModelId }), {
    method: 'POST',
    schema: modelDownloadLinkSchema,
  });
}

/** A product (asset model) by id: a saved configuration names its car by id only. */
export function fetchProduct(id: string): Promise<AssetModel> {
  return apiRequest(pathTo(API_ROUTES.assetModels.byId, { id }), { schema: assetModelSchema });
}
