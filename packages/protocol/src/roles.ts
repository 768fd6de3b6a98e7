// zod/mini, as in errors.ts and auth.ts: the sign-in screen validates with these, and the mini build is the part of
// zod it uses (about 7 kB gzipped, against 24 for the full build; apps/web/scripts/check-bundle-budget.mjs).
import * as z from 'zod/mini';

/** The four roles of spec §6. `client` is the guest role. */
export const ROLES = ['admin', 'user', 'client', 'moderator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** A user counts as admin if their roles include admin (spec §6). */
export function isAdmin(user: { roles: readonly string[] } | null | undefined): boolean {
  return user?.roles.includes('admin') ?? false;
}

export function hasRole(user: { roles: readonly string[] } | null | undefined, role: Role): boolean {
  return user?.roles.includes(role) ?? false;
}
