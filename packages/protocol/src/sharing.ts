import { z } from 'zod';

/** Spec §6: items are shared with users or groups; `remove: true` revokes. */
export const shareWithUsersSchema = z.object({
  userIds: z.array(z.string().min(1).max(64)).min(1, 'userIds needs at least one id').max(500),
  remove: z.boolean().default(false),
});
export const shareWithGroupsSchema = z.object({
  groupIds: z.array(z.string().min(1).max(64)).min(1, 'groupIds needs at least one id').max(500),
  remove: z.boolean().default(false),
});
export type ShareWithUsers = z.infer<typeof shareWithUsersSchema>;
export type ShareWithGroups = z.infer<typeof shareWithGroupsSchema>;

/** Who an item is shared with, as every shareable item reports it. */
export const sharedWithSchema = z.object({
  sharedUsers: z.array(z.object({ id: z.string(), name: z.string() })),
  sharedGroups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SharedWith = z.infer<typeof sharedWithSchema>;

/** Who made an item and when; every owned item carries it. */
export const ownershipSchema = z.object({
  ownerId: z.string().nullable(),
  /**
   * The owner's username, told to administrators only (the admin lists' Owner column); absent for everyone else, who
   * are told no more than the owner's id as before. Null when the item has no owner or the owner is gone.
   */
  ownerUsername: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
