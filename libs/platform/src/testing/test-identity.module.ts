import { Global, Module } from '@nestjs/common';
import { USER_SESSION_VALIDATOR, type AuthenticatedUser, type ContributorRights, type UserSessionValidator, type UserTokenClaims } from '../auth/index.js';

/** The contributor fields identity's session check would return, keyed by user id. */
const rightsByUser = new Map<string, ContributorRights>();

/** What identity would answer for this user from now on (tests only). */
export function grantContributorRights(userId: string, rights: ContributorRights): void {
  rightsByUser.set(userId, rights);
}

class TestSessionValidator implements UserSessionValidator {
  async validate(claims: UserTokenClaims): Promise<AuthenticatedUser> {
    return { userId: claims.userId, sessionId: claims.sessionId, contributor: rightsByUser.get(claims.userId) };
  }
}

/**
 * Stands in for identity in a service's own tests (identity is not mounted there): tokens are
 * checked by signature and carry the contributor rights granted here, as in the single process.
 */
@Global()
@Module({ providers: [{ provide: USER_SESSION_VALIDATOR, useClass: TestSessionValidator }], exports: [USER_SESSION_VALIDATOR] })
export class TestIdentityModule {}
