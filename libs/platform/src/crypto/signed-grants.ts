import { createHmac, timingSafeEqual } from 'node:crypto';

export type GrantClaims = Record<string, string | number>;

/**
 * Short-lived, tamper-proof permissions one service hands a caller for another service to honour
 * without a call between them (a link to a file the caller may fetch): the claims and an expiry,
 * signed with the shared token secret and a purpose, so a grant made for one use is refused by
 * every other.
 */
export class SignedGrants {
  constructor(
    private readonly secret: string,
    private readonly purpose: string,
  ) {}

  issue(claims: GrantClaims, expiresAt: Date): string {
    const body = Buffer.from(JSON.stringify({ ...claims, exp: expiresAt.getTime() })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The claims of a grant signed for this purpose and not yet expired; null otherwise. */
  read(grant: string, now: Date): GrantClaims | null {
    const [body, signature, extra] = grant.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, ...rest } = claims as { exp?: unknown } & GrantClaims;
    return typeof exp === 'number' && exp > now.getTime() ? rest : null;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(`${this.purpose}:${body}`).digest('base64url');
  }
}
