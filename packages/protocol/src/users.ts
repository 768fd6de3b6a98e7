import { z } from 'zod';
import { roleSchema } from './roles.js';

export const MIN_PASSWORD_LENGTH = 8;

export const createUserRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'username is required')
    .max(100)
    .regex(/^[\w.@+-]+$/, 'username may contain letters, digits and . @ + - _ only'),
  name: z.string().trim().max(200).optional(),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1000),
  roles: z.array(roleSchema).min(1, 'at least one role is required').default(['user']),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;
