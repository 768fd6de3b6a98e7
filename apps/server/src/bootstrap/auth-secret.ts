import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const AUTH_SECRET_FILE = 'auth-secret';

/** Read and write for the server's user, nothing for anyone else (SECURITY.md). */
const OWNER_ONLY = 0o600;

/**
 * The configured secret, or one generated on the first start and kept in the data directory, readable by the
 * server's user only. A file found with wider permissions (copied in, restored from a backup) is narrowed at once:
 * `writeFileSync`'s mode applies only to a file it creates.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      keepToOwner(file);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: OWNER_ONLY });
  keepToOwner(file);
  return secret;
}

function keepToOwner(file: string): void {
  if ((fs.statSync(file).mode & 0o777) !== OWNER_ONLY) fs.chmodSync(file, OWNER_ONLY);
}

/**
 * A key for one purpose, derived from the auth secret, so that one secret to configure still gives each signer
 * its own key: a cookie signature can never pass for an access-token signature, or the other way round.
 */
export function deriveSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`autostudio:${purpose}`).digest('base64url');
}
