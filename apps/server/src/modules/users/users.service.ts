import { randomUUID } from 'node:crypto';
import {
  isAdmin,
  PRODUCT_MESSAGES,
  type CreateUserRequest,
  type ListQuery,
  type ListSortColumn,
  type ListResult,
  type UpdateUserRequest,
  type User,
  type UserListItem,
} from '@autostudio/protocol';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Passwords } from '../auth/passwords.js';
import type { TokenRevocation } from '../auth/token-revocation.js';
import { rolesToColumn, toUser, type UsersRepository } from './users.repository.js';

/** Usernames compare without regard to case or surrounding space. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

const USER_NOT_FOUND = 'User not found';

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly revocation: TokenRevocation,
    private readonly passwords: Passwords,
  ) {}

  /** Everyone by name, for sharing; roles are told to administrators only, who manage them. */
  async list(viewer: User, query: ListQuery<ListSortColumn<'users'>>): Promise<ListResult<UserListItem>> {
    const result = await this.users.list(query);
    if (isAdmin(viewer)) return result;
    return { ...result, items: result.items.map(({ id, username, name }) => ({ id, username, name })) };
  }

  async get(id: string): Promise<User> {
    const row = await this.users.findById(id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return toUser(row);
  }

  async create(
    input: Pick<CreateUserRequest, 'username' | 'password' | 'roles'> & { name?: string | undefined },
  ): Promise<User> {
    const username = normalizeUsername(input.username);
    if (await this.users.findByUsername(username)) throw conflict(PRODUCT_MESSAGES.usernameTaken(username));
    const now = new Date().toISOString();
    try {
      const row = await this.users.insert({
        id: randomUUID(),
        username,
        name: input.name?.trim() || username,
        password_hash: await this.passwords.hash(input.password),
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

  async update(actor: User, id: string, input: UpdateUserRequest): Promise<User> {
    const existing = await this.users.findById(id);
    if (!existing) throw notFound(USER_NOT_FOUND);
    const losesAdmin =
      input.roles !== undefined && toUser(existing).roles.includes('admin') && !input.roles.includes('admin');
    if (losesAdmin && (await this.users.countOtherAdmins(id)) === 0) {
      throw conflict('The last administrator cannot lose the admin role');
    }
    if (losesAdmin && actor.id === id) throw conflict('You cannot remove your own admin role');
    const row = await this.users.update(id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.roles !== undefined ? { roles: rolesToColumn(input.roles) } : {}),
      ...(input.password !== undefined ? { password_hash: await this.passwords.hash(input.password) } : {}),
      updated_at: new Date().toISOString(),
    });
    if (!row) throw notFound(USER_NOT_FOUND);
    // A new password or new roles end every sign-in: whoever knew the old password, or held the old role, is out.
    if (input.password !== undefined || input.roles !== undefined) await this.revocation.revokeUser(id);
    return toUser(row);
  }

  async delete(actor: User, id: string): Promise<void> {
    if (actor.id === id) throw conflict('You cannot delete your own account');
    if (!(await this.users.delete(id))) throw notFound(USER_NOT_FOUND);
    await this.revocation.revokeUser(id);
  }
}
