import {
  API_ROUTES,
  modelDownloadLinkSchema,
  pathTo,
  sessionResponseSchema,
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

/** A short-lived URL the engine downloads the product's model from, without the user's credentials. */
export function modelDownloadLink(assetModelId: string): Promise<ModelDownloadLink> {
  return apiRequest(pathTo(API_ROUTES.assetModels.downloadLink, { id: assetModelId }), {
    method: 'POST',
    schema: modelDownloadLinkSchema,
  });
}
