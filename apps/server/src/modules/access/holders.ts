import { canManage, isAdmin, type ItemKind, type SharedWith, type User } from '@autostudio/protocol';

/** An item's owner id and share list, as one viewer is told them; an administrator also gets the owner's username. */
export interface Holders extends SharedWith {
  ownerId: string | null;
  ownerUsername?: string | null;
}

/**
 * Who holds an item besides the viewer is told to those who may manage (and so share) it: its owner, administrators
 * and moderators of the kinds they oversee — the share dialog needs the list. Someone it is merely shared with learns
 * neither who else has it nor the owner's id (null; the web app takes an item whose owner is not the user as shared
 * with them, and offers no management on it, which is what they may do).
 */
export function holdersFor(
  user: User,
  kind: ItemKind,
  ownerId: string | null,
  shared: SharedWith | undefined,
  ownerUsernames?: ReadonlyMap<string, string>,
): Holders {
  if (!canManage(user, kind, ownerId)) return { ownerId: null, sharedUsers: [], sharedGroups: [] };
  const holders = { ownerId, ...(shared ?? { sharedUsers: [], sharedGroups: [] }) };
  if (!isAdmin(user) || !ownerUsernames) return holders;
  return { ...holders, ownerUsername: (ownerId && ownerUsernames.get(ownerId)) ?? null };
}
