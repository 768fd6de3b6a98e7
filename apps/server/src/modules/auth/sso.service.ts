import { randomUUID } from 'node:crypto';
import type { LoginResponse, User } from '@autostudio/protocol';
import { isUniqueViolation } from '../../db/errors.js';
import { rolesToColumn, toUser, type UsersRepository } from '../users/users.repository.js';
import type { AuthService } from './auth.service.js';
import type { LoginChecks, OidcClient } from './oidc-client.js';
import { profileFromClaims, usernameCandidates, type SsoProfile } from './sso-claims.js';
import type { UserIdentitiesRepository } from './user-identities.repository.js';

/** Concurrent first sign-ins may race for one username; a few retries settle it. */
const CREATE_ATTEMPTS = 5;

/**
 * Single sign-on: the provider says who someone is, this service finds or creates their account, keeps its name and
 * roles in step with the provider, and starts a session like a password sign-in would.
 */
export class SsoService {
  constructor(
    private readonly oidc: OidcClient,
    private readonly users: UsersRepository,
    private readonly identities: UserIdentitiesRepository,
    private readonly auth: AuthService,
    private readonly rolesClaim: string,
  ) {}

  beginLogin(): Promise<{ url: URL; checks: LoginChecks }> {
    return this.oidc.authorizationRequest();
  }

  /** Completes a sign-in from the provider's answer (the callback's query string). */
  async completeLogin(search: string, checks: LoginChecks): Promise<LoginResponse> {
    const { issuer, claims } = await this.oidc.exchange(search, checks);
    const user = await this.signIn(issuer, profileFromClaims(claims, this.rolesClaim));
    return this.auth.startSession(user);
  }

  private async signIn(issuer: string, profile: SsoProfile): Promise<User> {
    for (let attempt = 1; ; attempt += 1) {
      const userId = await this.identities.findUserId(issuer, profile.subject);
      if (userId) {
        const before = await this.users.findById(userId);
        const updated = await this.users.update(userId, {
          ...(profile.name ? { name: profile.name } : {}),
          roles: rolesToColumn(profile.roles),
          updated_at: new Date().toISOString(),
        });
        if (updated) {
          // New roles at the provider end the account's other sign-ins, as a role change in Autostudio does.
          if (before && before.roles !== updated.roles) await this.auth.endEverySignIn(updated.id);
          return toUser(updated);
        }
      }
      try {
        return await this.createUser(issuer, profile);
      } catch (error) {
        // Someone else took the username, or linked this identity, between our read and our write: look again.
        if (!isUniqueViolation(error) || attempt >= CREATE_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * A first sign-in: a new account without a password, linked to the identity. An existing account that happens
   * to have the same username is never taken over; the new one gets a numbered username instead.
   */
  private async createUser(issuer: string, profile: SsoProfile): Promise<User> {
    let username = profile.username;
    for (const candidate of usernameCandidates(profile.username)) {
      if (!(await this.users.findByUsername(candidate))) {
        username = candidate;
        break;
      }
    }
    const now = new Date().toISOString();
    const user = {
      id: randomUUID(),
      username,
      name: profile.name ?? username,
      password_hash: null,
      roles: rolesToColumn(profile.roles),
      created_at: now,
      updated_at: now,
    };
    await this.identities.insertUserWithIdentity(user, {
      issuer,
      subject: profile.subject,
      user_id: user.id,
      created_at: now,
    });
    return toUser(user);
  }
}
