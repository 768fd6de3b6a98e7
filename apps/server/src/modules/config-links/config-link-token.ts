import { randomBytes } from 'node:crypto';

/** A share link's token: 32 random bytes (256 bits), base64url, so that nobody finds a link by guessing. */
export function newConfigLinkToken(): string {
  return randomBytes(32).toString('base64url');
}
