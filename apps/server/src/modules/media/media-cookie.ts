import { MEDIA_COOKIE, type User } from '@autostudio/protocol';
import { toUser, type UsersRepository } from '../users/users.repository.js';

/**
 * What the media cookie says: whose it is and until when. @fastify/cookie signs the value; this class writes it
 * and reads it back. The user is looked up on every read, so a deleted user's cookie stops working at once.
 */
export class MediaCookies {
  constructor(
    private readonly users: UsersRepository,
    readonly ttlSeconds: number = MEDIA_COOKIE.ttlSeconds,
  ) {}

  issue(userId: string, now: number = Date.now()): { value: string; expiresAt: Date } {
    const expiresAt = new Date(now + this.ttlSeconds * 1000);
    return { value: `${userId}.${Math.floor(expiresAt.getTime() / 1000)}`, expiresAt };
  }

  /** The user a verified cookie value names, or null when it has expired, is malformed or the user is gone. */
  async userFrom(value: string, now: number = Date.now()): Promise<User | null> {
    const separator = value.lastIndexOf('.');
    const userId = value.slice(0, separator);
    const expiresAtSeconds = Number(value.slice(separator + 1));
    if (separator <= 0 || !Number.isSafeInteger(expiresAtSeconds) || expiresAtSeconds * 1000 <= now) return null;
    const row = await this.users.findById(userId);
    return row ? toUser(row) : null;
  }
}
