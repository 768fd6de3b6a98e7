import { MEDIA_COOKIE, type User } from '@autostudio/protocol';
import type { TokenRevocation } from '../auth/token-revocation.js';
import { toUser, type UsersRepository } from '../users/users.repository.js';

/** What a media cookie grants: the user and the sign-in it was issued under. */
export interface MediaCookieGrant {
  user: User;
  signInId: string;
}

/**
 * What the media cookie says: whose it is, under which sign-in, and until when. @fastify/cookie signs the value;
 * this class writes it and reads it back. The user and the sign-in are checked on every read, so the cookie stops
 * working the moment the user signs out, their sign-ins are revoked or they are deleted.
 */
export class MediaCookies {
  constructor(
    private readonly users: UsersRepository,
    private readonly revocation: TokenRevocation,
    readonly ttlSeconds: number = MEDIA_COOKIE.ttlSeconds,
  ) {}

  issue(userId: string, signInId: string, now: number = Date.now()): { value: string; expiresAt: Date } {
    const expiresAt = new Date(now + this.ttlSeconds * 1000);
    return { value: `${userId}.${signInId}.${Math.floor(expiresAt.getTime() / 1000)}`, expiresAt };
  }

  /** What a verified cookie value grants, or null when it has expired, is malformed, was revoked or the user is gone. */
  async userFrom(value: string, now: number = Date.now()): Promise<MediaCookieGrant | null> {
    // Ids are UUIDs (no dots), so the value splits into exactly three parts.
    const [userId, signInId, expiry, ...rest] = value.split('.');
    const expiresAtSeconds = Number(expiry);
    if (!userId || !signInId || rest.length > 0 || !Number.isSafeInteger(expiresAtSeconds)) return null;
    if (expiresAtSeconds * 1000 <= now || !(await this.revocation.isLive(signInId))) return null;
    const row = await this.users.findById(userId);
    return row ? { user: toUser(row), signInId } : null;
  }
}
