import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@autostudio/protocol';

const ISSUER = 'autostudio';
const AUDIENCE = 'autostudio-api';

export interface AccessClaims {
  sub: string;
  roles: Role[];
  /** The refresh-token family the token was issued with: revoking the family revokes the token. */
  fid: string;
}

/** Who a verified access token speaks for, and the sign-in it belongs to. */
export interface VerifiedAccess {
  userId: string;
  familyId: string;
}

/** Short-lived HS256 access tokens. The user is looked up again on every request; the claims are only a hint. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ roles: claims.roles, fid: claims.fid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * The subject and family, or null when the token is malformed, forged or expired. A token without a family
   * (issued before families were checked) is refused too: it could never be revoked.
   */
  async verify(token: string): Promise<VerifiedAccess | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const familyId = payload['fid'];
      if (typeof payload.sub !== 'string' || typeof familyId !== 'string' || familyId.length === 0) return null;
      return { userId: payload.sub, familyId };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
