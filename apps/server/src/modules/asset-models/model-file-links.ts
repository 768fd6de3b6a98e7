import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough for an engine to start the download; a download under way is not cut off when the link expires. */
export const MODEL_LINK_TTL_SECONDS = 600;

export const MODEL_LINK_MESSAGES = {
  invalid: 'This download link is not valid',
  expired: 'This download link has expired',
} as const;

export type LinkCheck = { ok: true; assetModelId: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed, expiring links to the model file of one asset model version. Engines download models from plain URLs,
 * without the user's token or cookie, so the URL carries its own proof: `<version id>.<expiry>.<HMAC>`, the HMAC
 * covering the id, the expiry and the file name the URL ends in. Nothing is kept on the server, so any server copy
 * sharing AUTH_SECRET accepts a link another one made. The token stays short: Fastify refuses long path parameters.
 */
export class ModelFileLinks {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = MODEL_LINK_TTL_SECONDS,
  ) {}

  sign(assetModelId: string, fileName: string, now = Date.now()): { token: string; expiresAt: Date } {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    const token = `${assetModelId}.${expires}.${this.mac(assetModelId, expires, fileName)}`;
    return { token, expiresAt: new Date(expires * 1000) };
  }

  check(token: string, fileName: string, now = Date.now()): LinkCheck {
    const match = /^([\w-]{1,64})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: 'invalid' };
    const [, assetModelId = '', expiresText = '', mac = ''] = match;
    const expires = Number(expiresText);
    const expected = Buffer.from(this.mac(assetModelId, expires, fileName));
    // Compared in constant time; both are 43 base64url characters (a SHA-256), as the pattern made sure.
    if (!timingSafeEqual(Buffer.from(mac), expected)) return { ok: false, reason: 'invalid' };
    if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
    return { ok: true, assetModelId };
  }

  private mac(assetModelId: string, expires: number, fileName: string): string {
    return createHmac('sha256', this.secret).update(`${assetModelId}\n${expires}\n${fileName}`).digest('base64url');
  }
}
