import { FAILURE_TOASTS } from '@autostudio/protocol';

/**
 * The server refused an engine session and said why ("all 2 engines are in use. Try again in a few minutes."):
 * that reason is what the user needs, so it is shown as it is instead of the generic load failure.
 */
export class SessionRefusedError extends Error {
  override name = 'SessionRefusedError';
}

/** What a failed product load tells the user: the server's reason when it refused a session, else the spec's toast. */
export function productLoadFailure(error: unknown): string {
  return error instanceof SessionRefusedError ? error.message : FAILURE_TOASTS.loadSelectedProduct;
}
