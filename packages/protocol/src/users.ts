import { z } from 'zod';
import { LIST_DEFAULTS } from './constants.js';
import { listQuerySchema } from './list.js';
import { plainText } from './names.js';
import { roleSchema } from './roles.js';

export const MIN_PASSWORD_LENGTH = 8;

const usernameSchema = z
  .string()
  .trim()
  .min(1, 'username is required')
  .max(100)
  .regex(/^[\w.@+-]+$/, 'username may contain letters, digits and . @ + - _ only');
const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1000);
const rolesSchema = z.array(roleSchema).min(1, 'at least one role is required').max(4);

export const createUserRequestSchema = z.object({
  username: usernameSchema,
  name: plainText(z.string().trim().max(200)).optional(),
  password: passwordSchema,
  roles: rolesSchema.default(['user']),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z
  .object({
    name: plainText(z.string().trim().min(1).max(200)).optional(),
    password: passwordSchema.optional(),
    roles: rolesSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one of name, password, roles');
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/**
 * A person in the people list (`/users/filtered`): id and names, which sharing needs; roles are told to
 * administrators only, who manage them.
 */
export const userListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  roles: z.array(roleSchema).optional(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const usersQuerySchema = listQuerySchema(LIST_DEFAULTS.users, 'users');
