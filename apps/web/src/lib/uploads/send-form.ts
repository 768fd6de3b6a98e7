import { ApiError, apiUrl, currentAccessToken, refreshAccessToken } from '@/lib/api-client';

export interface SendFormOptions {
  /** Bytes sent so far, as often as the browser reports them (throttle before setting state). */
  onProgress?: (progress: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
  /** What the rejection says when no answer came (the connection dropped): each uploader's own words. */
  noAnswer: string;
}

/** What the server answered: any status, the body as JSON (null when it was not JSON). */
export interface FormAnswer {
  status: number;
  body: unknown;
}

/**
 * One send of a form by XMLHttpRequest, the one browser API that reports an upload's progress (fetch does not).
 * Resolves with whatever the server answered; rejects only when no answer came or the signal aborted it.
 */
function sendOnce(method: string, path: string, form: FormData, token: string | null, options: SendFormOptions) {
  return new Promise<FormAnswer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(path));
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    });
    const abort = () => request.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);
    request.addEventListener('load', () => {
      done();
      resolve({ status: request.status, body: request.response as unknown });
    });
    request.addEventListener('error', () => {
      done();
      reject(new ApiError(0, options.noAnswer));
    });
    request.addEventListener('abort', () => {
      done();
      const reason: unknown = options.signal?.reason;
      reject(reason instanceof Error ? reason : new DOMException('The upload was cancelled', 'AbortError'));
    });
    request.send(form);
  });
}

/**
 * Sends a multipart form with progress and the API client's bearer token, and its 401 rule: one refresh of the token
 * and one retry, as every other API call has. The one uploader of the app: images (uploads) and asset models use it,
 * each reading the answer in its own terms.
 */
export async function sendForm(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  options: SendFormOptions,
): Promise<FormAnswer> {
  options.signal?.throwIfAborted();
  const answer = await sendOnce(method, path, form, currentAccessToken(), options);
  if (answer.status !== 401) return answer;
  const refreshed = await refreshAccessToken();
  return refreshed ? sendOnce(method, path, form, refreshed, options) : answer;
}
