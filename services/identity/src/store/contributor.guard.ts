import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AppError, type AuthenticatedUser } from '@mkt/platform';

/** Contributors: gid 2 (signed before 2019-12-17), 3 (signed after), 35 (also the material centre). */
export const CONTRIBUTOR_GIDS: readonly number[] = [2, 3, 35];

/**
 * After UserAuthGuard: only contributors pass, others get 403 whatever they sent, since guards run
 * before the body is validated. Identity's own session check always fills in the account's gid.
 */
@Injectable()
export class ContributorGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user?.contributor || !CONTRIBUTOR_GIDS.includes(user.contributor.gid)) throw AppError.forbidden();
    return true;
  }
}
