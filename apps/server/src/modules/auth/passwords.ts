import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters; each hash stores its own, so they can be raised later without invalidating passwords. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's second parameter set for scrypt (N=2^15, r=8, p=3: 32 MiB, ~100 ms on one core). */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0);
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes and checks passwords at one cost: production's, unless a test app asks for a cheaper one. */
export class Passwords {
  private decoy: Promise<string> | undefined;

  constructor(private readonly cost: ScryptCost = PRODUCTION_SCRYPT_COST) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const { N, r, p } = this.cost;
    const key = await derive(password, salt, this.cost);
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  /** Checks at the cost stored with the hash, whatever this instance's own. */
  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /**
   * A hash of a random password at this cost, checked when the user does not exist so that timing does not reveal
   * usernames.
   */
  decoyHash(): Promise<string> {
    this.decoy ??= this.hash(randomBytes(16).toString('hex'));
    return this.decoy;
  }
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
