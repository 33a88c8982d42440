import { AppError, type AuthenticatedUser } from '@mkt/platform';

/** Contributors: gid 2 (signed before 2019-12-17), 3 (signed after), 35 (also the material centre). */
const CONTRIBUTOR_GIDS = [2, 3, 35];

/** The caller's id when they are a contributor; buyers are refused (403). */
export function contributorOf(user: AuthenticatedUser): string {
  if (!user.contributor || !CONTRIBUTOR_GIDS.includes(user.contributor.gid)) throw AppError.forbidden();
  return user.userId;
}
