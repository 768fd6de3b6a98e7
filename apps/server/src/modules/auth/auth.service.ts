import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { STATE_MESSAGES, type LoginResponse, type User } from '@autostudio/protocol';
import { unauthorized } from '../../http/errors.js';
import { toUser, type UsersRepository } from '../users/users.repository.js';
import { normalizeUsername } from '../users/users.service.js';
import type { AccessTokens } from './access-tokens.js';
import type { Passwords } from './passwords.js';
import type { RefreshTokensRepository } from './refresh-tokens.repository.js';
import type { TokenRevocation } from './token-revocation.js';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A signed-in user and the sign-in (refresh-token family) their token belongs to. */
export interface Authenticated {
  user: User;
  familyId: string;
}

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly accessTokens: AccessTokens,
    private readonly revocation: TokenRevocation,
    private readonly refreshTtlSeconds: number,
    private readonly passwords: Passwords,
  ) {}

  async login(username: string, password: string): Promise<LoginResponse> {
    const row = await this.users.findByUsername(normalizeUsername(username));
    // Always pay for one hash, so a wrong username takes as long as a wrong password.
    const valid = await this.passwords.verify(password, row?.password_hash ?? (await this.passwords.decoyHash()));
    if (!row || !row.password_hash || !valid) throw unauthorized(STATE_MESSAGES.loginFailedCheckCredentials);
    return this.startSession(toUser(row));
  }

  /** Issues tokens in a new family for a user who has already proved who they are (password or single sign-on). */
  startSession(user: User): Promise<LoginResponse> {
    return this.issue(user, randomUUID());
  }

  /** Rotates a refresh token. Presenting one that was already spent revokes its whole family. */
  async refresh(refreshToken: string): Promise<LoginResponse> {
    const now = new Date().toISOString();
    const row = await this.refreshTokens.findByHash(hashToken(refreshToken));
    if (!row || row.revoked_at || row.expires_at <= now) throw unauthorized(STATE_MESSAGES.sessionExpiredLoginAgain);
    if (row.used_at || !(await this.refreshTokens.markUsed(row.id, now))) {
      // A spent token presented again: someone holds a copy. The whole sign-in ends, access tokens included.
      await this.revocation.revokeFamily(row.user_id, row.family_id);
      throw unauthorized(STATE_MESSAGES.sessionExpiredLoginAgain);
    }
    const user = await this.users.findById(row.user_id);
    if (!user) throw unauthorized(STATE_MESSAGES.sessionExpiredLoginAgain);
    return this.issue(toUser(user), row.family_id);
  }

  async logout(refreshToken: string): Promise<void> {
    const row = await this.refreshTokens.findByHash(hashToken(refreshToken));
    if (row) await this.revocation.revokeFamily(row.user_id, row.family_id);
  }

  /** Ends every sign-in of a user (their roles changed at the provider, say): access and refresh tokens alike. */
  endEverySignIn(userId: string): Promise<void> {
    return this.revocation.revokeUser(userId);
  }

  /** The user an access token belongs to, or null when the token is not valid, its sign-in ended or the user is gone. */
  async authenticate(accessToken: string): Promise<User | null> {
    return (await this.authenticateSession(accessToken))?.user ?? null;
  }

  /** As authenticate, with the sign-in the token belongs to, for whoever must notice when it ends. */
  async authenticateSession(accessToken: string): Promise<Authenticated | null> {
    const verified = await this.accessTokens.verify(accessToken);
    if (!verified || !(await this.revocation.isLive(verified.familyId))) return null;
    const row = await this.users.findById(verified.userId);
    return row ? { user: toUser(row), familyId: verified.familyId } : null;
  }

  private async issue(user: User, familyId: string): Promise<LoginResponse> {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.refreshTokens.insert({
      id: randomUUID(),
      user_id: user.id,
      family_id: familyId,
      token_hash: hashToken(refreshToken),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.refreshTtlSeconds * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
    });
    const accessToken = await this.accessTokens.sign({ sub: user.id, roles: user.roles, fid: familyId });
    return { accessToken, refreshToken, expiresIn: this.accessTokens.ttlSeconds, user };
  }
}
