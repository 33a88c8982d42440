import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { StaffRole } from '@mkt/contracts';

export interface UserTokenClaims {
  kind: 'user';
  userId: string;
  sessionId: string;
}

export interface StaffTokenClaims {
  kind: 'staff';
  staffId: string;
  sessionId: string;
  roles: StaffRole[];
  /** Carried so services without access to identity's tables can name the actor in audit logs. */
  username: string;
}

export type TokenClaims = UserTokenClaims | StaffTokenClaims;

const ISSUER = 'stock-marketplace';

/**
 * Signs and verifies access tokens (HS256 JWTs). A token names its session, so any service can
 * check the signature alone while identity also checks that the session was not ended.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly lifetimeSeconds = 7 * 24 * 3600) {
    this.key = new TextEncoder().encode(secret);
  }

  get lifetime(): number {
    return this.lifetimeSeconds;
  }

  sign(claims: TokenClaims, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    const subject = claims.kind === 'user' ? claims.userId : claims.staffId;
    const payload =
      claims.kind === 'staff' ? { sid: claims.sessionId, roles: claims.roles, usr: claims.username } : { sid: claims.sessionId };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(claims.kind)
      .setSubject(subject)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.lifetimeSeconds)
      .sign(this.key);
  }

  /** Returns null for anything that is not a valid, unexpired token of the expected kind. */
  async verify<K extends TokenClaims['kind']>(
    token: string,
    kind: K,
  ): Promise<Extract<TokenClaims, { kind: K }> | null> {
    if (!token || token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: kind, algorithms: ['HS256'] });
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      if (!payload.sub || !sessionId) return null;
      if (kind === 'user') return { kind: 'user', userId: payload.sub, sessionId } as Extract<TokenClaims, { kind: K }>;
      const roles = Array.isArray(payload.roles) ? (payload.roles as StaffRole[]) : [];
      const username = typeof payload.usr === 'string' ? payload.usr : payload.sub;
      return { kind: 'staff', staffId: payload.sub, sessionId, roles, username } as Extract<TokenClaims, { kind: K }>;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
