import { API_ROUTES, MEDIA_COOKIE_REQUEST_DELAY_MS, mediaCookieResponseSchema } from '@autostudio/protocol';
import { serverCall } from '@/api/server-call';

/** Asked again at this share of the cookie's life, so images never meet an expired one. */
const RENEW_AT = 0.8;
/** After a failure (the server away, a token being refreshed): the next try. */
const RETRY_MS = 30_000;

export interface MediaCookieOptions {
  delayMs?: number;
  /** Failures are only logged (spec §7). */
  log?: (message: string, error: unknown) => void;
}

/**
 * Keeps the browser's media cookie (spec §7 Storage) while the user is signed in, so that `<img src="/api/media/…">`
 * loads: images cannot send the bearer token, the cookie stands in for it. Asks for it about 100 ms after starting
 * and again before it runs out (the server says how long it lasts), and stops on sign-out. Failures are only logged
 * and tried again later; nothing the user sees waits on the cookie.
 */
export class MediaCookieKeeper {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(private readonly options: MediaCookieOptions = {}) {}

  /** Starts keeping the cookie (on sign-in, or when the app starts signed in); a second start changes nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(this.options.delayMs ?? MEDIA_COOKIE_REQUEST_DELAY_MS);
  }

  /** Stops asking (sign-out). The server refuses the cookie of a sign-in that ended anyway. */
  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.renew(), ms);
  }

  private async renew(): Promise<void> {
    this.timer = null;
    let next = RETRY_MS;
    try {
      const answer = await serverCall('get', API_ROUTES.storage.authCookie, { schema: mediaCookieResponseSchema });
      const lasts = answer.expiresIn;
      next = Math.max(RETRY_MS, lasts * 1000 * RENEW_AT);
    } catch (error) {
      (this.options.log ?? ((message, cause) => console.warn(message, cause)))('Media cookie request failed', error);
    }
    if (this.running) this.schedule(next);
  }
}
