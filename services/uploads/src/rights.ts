import { ErrorCode, isContributorGid, type UploadKind } from '@mkt/contracts';
import { AppError, type AuthenticatedUser } from '@mkt/platform';

/**
 * Spec section 6: uploads are for contributors, video gated by videoFlag and photo by photoFlag
 * (gid 2 gets photoFlag by agreeing to the supplement). Rights come live from identity's session
 * check; a token checked by signature alone carries none and is refused.
 */
export function assertMayUpload(user: AuthenticatedUser, kind: UploadKind): void {
  const rights = user.contributor;
  const allowed = rights !== undefined && isContributorGid(rights.gid) && (kind === 'video' ? rights.videoFlag : rights.photoFlag);
  if (!allowed) throw new AppError(ErrorCode.UPLOAD_NOT_ALLOWED, 'uploadNotAllowed');
}

export function assertContributor(user: AuthenticatedUser): void {
  if (!user.contributor || !isContributorGid(user.contributor.gid)) throw new AppError(ErrorCode.UPLOAD_NOT_ALLOWED, 'uploadNotAllowed');
}

/** Spec section 6: gid 2 may delete or edit own material. */
export function assertMayEdit(user: AuthenticatedUser): void {
  if (user.contributor?.gid !== 2) throw AppError.forbidden();
}
