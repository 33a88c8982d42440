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

/** Verified tokens remembered; a few MB at most. */
const VERIFIED_TOKENS_LIMIT = 10_000;

/**
 * Signs and verifies access tokens (HS256 JWTs). A token names its session, so any service can
 * check the signature alone while identity also checks that the session was not ended.
 */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was checked, with their claims and expiry: the same string always
   * verifies the same way, and checking an HS256 signature through WebCrypto costs more than the
   * rest of a signed-in call's own work. Expiry is still checked on every call.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

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
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once the current whole second reaches exp.
      if (known.claims.kind !== kind || Math.floor(Date.now() / 1000) >= known.expiresAt) return null;
      return copyOf(known.claims) as Extract<TokenClaims, { kind: K }>;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: kind, algorithms: ['HS256'] });
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      if (!payload.sub || !sessionId) return null;
      let claims: TokenClaims;
      if (kind === 'user') {
        claims = { kind: 'user', userId: payload.sub, sessionId };
      } else {
        const roles = Array.isArray(payload.roles) ? (payload.roles as StaffRole[]) : [];
        const username = typeof payload.usr === 'string' ? payload.usr : payload.sub;
        claims = { kind: 'staff', staffId: payload.sub, sessionId, roles, username };
      }
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp);
      return copyOf(claims) as Extract<TokenClaims, { kind: K }>;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  private remember(token: string, claims: TokenClaims, expiresAt: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_LIMIT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { claims, expiresAt });
  }
}

/** Callers may change what they are given (a roles list), never what is remembered. */
function copyOf(claims: TokenClaims): TokenClaims {
  return claims.kind === 'staff' ? { ...claims, roles: [...claims.roles] } : { ...claims };
}
