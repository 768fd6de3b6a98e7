import { isAdmin, type User } from '@autostudio/protocol';

/**
 * Who may read which blob. The media routes ask this and nothing else, so the rules for uploads, configurations,
 * asset models and renders (owners, shares with users and groups) plug in here without touching the routes.
 */
export interface MediaAccess {
  /** Whether `user` may read the blob at `key`; the key is known to be safe. */
  canReadMedia(user: User, key: string): Promise<boolean>;
}

/** A simple policy for tests of the media mechanics: administrators read everything, a user their own `users/<id>/…`. */
export const ownerOrAdminMediaAccess: MediaAccess = {
  async canReadMedia(user, key) {
    return isAdmin(user) || key.startsWith(`users/${user.id}/`);
  },
};
