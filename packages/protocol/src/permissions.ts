import { hasRole, isAdmin } from './roles.js';

/**
 * Who may do what (spec §6 leaves client and moderator open; decided here and documented in the README). The
 * server enforces these rules and the browser app follows them, so that a control the user may not use is absent:
 * - admin: sees and changes everything;
 * - moderator: sees and manages everyone's presets, configurations and rendered assets, but not users,
 *   groups or asset models;
 * - user: sees what they own and what is shared with them, directly or through a group; manages what they own;
 * - client (guest): sees what is shared with them; creates nothing and starts no render.
 */
export type ItemKind = 'preset' | 'config' | 'assetModel' | 'renderedAsset' | 'upload';

interface Someone {
  id: string;
  roles: readonly string[];
}

const MODERATED: readonly ItemKind[] = ['preset', 'config', 'renderedAsset'];

/** A guest is someone whose only role is client. */
export function isGuest(user: Someone): boolean {
  return user.roles.every((role) => role === 'client');
}

export function seesEverything(user: Someone, kind: ItemKind): boolean {
  return isAdmin(user) || (hasRole(user, 'moderator') && MODERATED.includes(kind));
}

export function canCreate(user: Someone, kind: ItemKind): boolean {
  if (kind === 'assetModel') return isAdmin(user);
  return !isGuest(user);
}

/** Update, share and delete: the owner, or someone who oversees every item of the kind. */
export function canManage(user: Someone, kind: ItemKind, ownerId: string | null): boolean {
  if (isGuest(user)) return false;
  return seesEverything(user, kind) || (ownerId !== null && ownerId === user.id);
}
