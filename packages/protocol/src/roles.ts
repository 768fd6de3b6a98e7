import { z } from 'zod';

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
