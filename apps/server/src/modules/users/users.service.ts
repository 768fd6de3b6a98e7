import { randomUUID } from 'node:crypto';
import { PRODUCT_MESSAGES, type Role, type User } from '@autostudio/protocol';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict } from '../../plugins/app/http-errors.js';
import { hashPassword } from '../auth/passwords.js';
import { rolesToColumn, toUser, type UsersRepository } from './users.repository.js';

export interface CreateUserInput {
  username: string;
  name?: string | undefined;
  password: string;
  roles: Role[];
}

/** Usernames compare without regard to case or surrounding space. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async create(input: CreateUserInput): Promise<User> {
    const username = normalizeUsername(input.username);
    if (await this.users.findByUsername(username)) throw conflict(PRODUCT_MESSAGES.usernameTaken(username));
    const now = new Date().toISOString();
    try {
      const row = await this.users.insert({
        id: randomUUID(),
        username,
        name: input.name?.trim() || username,
        password_hash: await hashPassword(input.password),
        roles: rolesToColumn(input.roles),
        created_at: now,
        updated_at: now,
      });
      return toUser(row);
    } catch (error) {
      // Two requests for one name can both pass the check above; the unique index decides.
      if (isUniqueViolation(error)) throw conflict(PRODUCT_MESSAGES.usernameTaken(username));
      throw error;
    }
  }
}
