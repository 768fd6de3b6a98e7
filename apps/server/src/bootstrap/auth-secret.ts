import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'auth-secret';

/** The configured secret, or one generated on the first start and kept in the data directory. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * A key for one purpose, derived from the auth secret, so that one secret to configure still gives each signer
 * its own key: a cookie signature can never pass for an access-token signature, or the other way round.
 */
export function deriveSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`autostudio:${purpose}`).digest('base64url');
}
