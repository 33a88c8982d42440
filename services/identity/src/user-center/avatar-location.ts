import { AVATAR_ROUTE, STORE_API_PREFIX } from '@mkt/contracts';
import { parseObjectLocation, type BucketName } from '@mkt/platform';

/** Originals while they upload (under `uploads/`) and the 256 px renditions the store shows. */
export const AVATAR_BUCKET = 'avatars' satisfies BucketName;

/** The public path of a user's picture, or null when none is chosen. */
export function avatarUrl(avatarKey: string | null): string | null {
  const ref = parseObjectLocation(avatarKey);
  if (!ref || ref.bucket !== AVATAR_BUCKET) return null;
  return `${STORE_API_PREFIX}/${AVATAR_ROUTE}/${ref.key.split('/').map(encodeURIComponent).join('/')}`;
}
