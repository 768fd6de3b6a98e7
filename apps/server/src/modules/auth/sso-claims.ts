import { createUserRequestSchema, NO_CONTROL_CHARACTERS, roleSchema, type Role } from '@autostudio/protocol';
import { normalizeUsername } from '../users/users.service.js';

export type Claims = Readonly<Record<string, unknown>>;

/** What a sign-in through the provider tells us about the person. */
export interface SsoProfile {
  subject: string;
  /** The username to give a new account, before it is made unique. */
  username: string;
  name?: string | undefined;
  roles: Role[];
}

const usernameSchema = createUserRequestSchema.shape.username;
/** Room left for the `-2`, `-3`… that makes a taken username unique. */
const USERNAME_STEM_LENGTH = 90;
const NAME_LENGTH = 200;

/**
 * A claim by name. Providers put roles in different places: a top-level claim (`roles`), a namespaced one whose
 * name contains dots (`https://studio.example.com/roles`) or a nested one (`realm_access.roles` in Keycloak), so
 * an exact name wins and a dotted path is tried after it.
 */
export function readClaim(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || !(part in value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The known roles in a roles claim (an array, or a space- or comma-separated string); `['user']` when none. */
export function rolesFromClaim(value: unknown): Role[] {
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const roles = new Set<Role>();
  for (const name of names) {
    const parsed = roleSchema.safeParse(typeof name === 'string' ? name.trim().toLowerCase() : name);
    if (parsed.success) roles.add(parsed.data);
  }
  return roles.size > 0 ? [...roles] : ['user'];
}

/** A username the product accepts, from `preferred_username` or else `email`; null when neither gives one. */
export function usernameFromClaims(claims: Claims): string | null {
  for (const claim of ['preferred_username', 'email']) {
    const value = claims[claim];
    if (typeof value !== 'string') continue;
    const candidate = normalizeUsername(value)
      .replace(/[^\w.@+-]+/g, '-')
      .slice(0, USERNAME_STEM_LENGTH);
    if (usernameSchema.safeParse(candidate).success) return candidate;
  }
  return null;
}

/** `base`, then `base-2`, `base-3`… for making a username unique. */
export function* usernameCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; ; n += 1) yield `${base}-${n}`;
}

export class MissingClaimError extends Error {}

/** Reads the profile out of verified claims; throws MissingClaimError when there is no subject or username. */
export function profileFromClaims(claims: Claims, rolesClaim: string): SsoProfile {
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject === '') throw new MissingClaimError('the claims have no subject (sub)');
  const username = usernameFromClaims(claims);
  if (!username) throw new MissingClaimError('the claims have no usable preferred_username or email');
  const claimed = typeof claims.name === 'string' ? claims.name.trim().slice(0, NAME_LENGTH) : '';
  // People set their own name at the provider; one with control characters is left out, as the API would refuse it.
  const name = NO_CONTROL_CHARACTERS.test(claimed) ? claimed : '';
  return { subject, username, name: name || undefined, roles: rolesFromClaim(readClaim(claims, rolesClaim)) };
}
