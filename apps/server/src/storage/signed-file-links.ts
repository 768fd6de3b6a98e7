import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough for an engine to start the download; a download under way is not cut off when the link expires. */
export const FILE_LINK_TTL_SECONDS = 600;

export const FILE_LINK_MESSAGES = {
  invalid: 'This download link is not valid',
  expired: 'This download link has expired',
} as const;

export type LinkCheck = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed, expiring links to one stored file (an asset model version's model file, an upload's image). Engines fetch
 * plain URLs, without the user's token or cookie, so the URL carries its own proof: `<id>.<expiry>.<HMAC>`, the HMAC
 * covering the id, the expiry and the file name the URL ends in. Nothing is kept on the server, so any server copy
 * sharing AUTH_SECRET accepts a link another one made. Each kind of file signs with a secret of its own, so a link
 * to one kind never opens another. The token stays short: Fastify refuses long path parameters.
 */
export class SignedFileLinks {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = FILE_LINK_TTL_SECONDS,
  ) {}

  sign(id: string, fileName: string, now = Date.now()): { token: string; expiresAt: Date } {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    const token = `${id}.${expires}.${this.mac(id, expires, fileName)}`;
    return { token, expiresAt: new Date(expires * 1000) };
  }

  check(token: string, fileName: string, now = Date.now()): LinkCheck {
    const match = /^([\w-]{1,64})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: 'invalid' };
    const [, id = '', expiresText = '', mac = ''] = match;
    const expires = Number(expiresText);
    const expected = Buffer.from(this.mac(id, expires, fileName));
    // Compared in constant time; both are 43 base64url characters (a SHA-256), as the pattern made sure.
    if (!timingSafeEqual(Buffer.from(mac), expected)) return { ok: false, reason: 'invalid' };
    if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
    return { ok: true, id };
  }

  private mac(id: string, expires: number, fileName: string): string {
    return createHmac('sha256', this.secret).update(`${id}\n${expires}\n${fileName}`).digest('base64url');
  }
}
