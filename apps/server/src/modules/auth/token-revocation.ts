import type { RefreshTokensRepository } from './refresh-tokens.repository.js';

/** A sign-in that ended: one family of one user, or (familyId null) every sign-in of the user. */
export interface Revocation {
  userId: string;
  familyId: string | null;
}

/**
 * How long a look at a family's liveness is trusted. Revocations on this server copy take effect at once (the
 * cache entry is replaced); this bounds how late one made on another copy is noticed, and keeps a database query
 * off most requests.
 */
export const FAMILY_RECHECK_MS = 2000;
/** Families remembered at most; beyond it the cache starts over (a burst of sign-ins, not an attack vector). */
const CACHE_LIMIT = 50_000;

/**
 * Access tokens carry the refresh-token family they were issued with; a token is good only while its family is.
 * Sign-out, refresh-token reuse and changes to the account revoke families here, and whoever holds a live
 * connection for the user (relay, signalling) is told so it can close it.
 */
export class TokenRevocation {
  private readonly cache = new Map<string, { live: boolean; at: number }>();
  private readonly listeners = new Set<(revocation: Revocation) => void>();

  constructor(
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly recheckMs: number = FAMILY_RECHECK_MS,
  ) {}

  async isLive(familyId: string): Promise<boolean> {
    const cached = this.cache.get(familyId);
    // A revoked family never comes back, so that answer is kept for good.
    if (cached && (!cached.live || performance.now() - cached.at < this.recheckMs)) return cached.live;
    const live = await this.refreshTokens.familyIsLive(familyId, new Date().toISOString());
    // A read that began before a sign-out on this copy answers "live" after it: it must not bring the family back.
    if (this.cache.get(familyId)?.live === false) return false;
    this.remember(familyId, live);
    return live;
  }

  async revokeFamily(userId: string, familyId: string): Promise<void> {
    await this.refreshTokens.revokeFamily(familyId, new Date().toISOString());
    this.remember(familyId, false);
    this.tell({ userId, familyId });
  }

  async revokeUser(userId: string): Promise<void> {
    await this.refreshTokens.revokeUser(userId, new Date().toISOString());
    // The user's families are not known here; dropping every cached "live" answer makes the next look go to the
    // database, which now says revoked.
    for (const [familyId, entry] of this.cache) if (entry.live) this.cache.delete(familyId);
    this.tell({ userId, familyId: null });
  }

  /** Told, on this server copy, of every revocation as it happens. */
  onRevoked(listener: (revocation: Revocation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private remember(familyId: string, live: boolean): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(familyId, { live, at: performance.now() });
  }

  private tell(revocation: Revocation): void {
    for (const listener of this.listeners) listener(revocation);
  }
}

/** Whether a connection opened with the given sign-in is ended by a revocation. */
export function revokes(revocation: Revocation, userId: string, familyId: string): boolean {
  return revocation.userId === userId && (revocation.familyId === null || revocation.familyId === familyId);
}
