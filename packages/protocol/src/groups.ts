import { z } from 'zod';
import { LIST_DEFAULTS } from './constants.js';
import { listQuerySchema } from './list.js';
import { plainText } from './names.js';

export const groupMemberSchema = z.object({ id: z.string(), name: z.string(), username: z.string() });

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Its members; a non-administrator is told the members of their own groups only (the others: empty). */
  users: z.array(groupMemberSchema),
  /** How many members it has, told to everyone who may share with it. */
  memberCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

const nameSchema = plainText(z.string().trim().min(1, 'name is required').max(200));

export const createGroupRequestSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(2000).default(''),
  userIds: z.array(z.string().min(1).max(64)).max(1000).default([]),
});
export const updateGroupRequestSchema = z
  .object({ name: nameSchema.optional(), description: z.string().trim().max(2000).optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, 'send name or description');
export const groupUsersRequestSchema = z.object({
  userIds: z.array(z.string().min(1).max(64)).min(1, 'userIds needs at least one id').max(1000),
  remove: z.boolean().optional(),
});

export const groupsQuerySchema = listQuerySchema(LIST_DEFAULTS.groups, 'groups');
