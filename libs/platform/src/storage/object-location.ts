// Rows and events name a stored object by one string, "<bucket>/<key>" (the bucket never holds a
// slash; the key may). These read and write that form everywhere.
import type { ObjectLocation } from './object-storage.port.js';
import type { BucketName } from './bucket-list.js';

/** Null for anything that is not "<bucket>/<key>" with both parts present. */
export function parseObjectLocation(location: string | null | undefined): ObjectLocation | null {
  if (!location) return null;
  const slash = location.indexOf('/');
  if (slash <= 0 || slash === location.length - 1) return null;
  return { bucket: location.slice(0, slash), key: location.slice(slash + 1) };
}

export function formatObjectLocation(bucket: string, key: string): string {
  return `${bucket}/${key}`;
}

/** The bucket of renditions the catalogue's media route serves to anyone (thumbnails, previews, covers). */
export const PUBLIC_RENDITIONS_BUCKET = 'renditions' satisfies BucketName;
/** Below the store API prefix: the single-machine server routes those paths to the API, not to the web apps. */
export const PUBLIC_MEDIA_ROUTE = 'api/media';

/**
 * The public path of a rendition, or null for anything outside the public bucket (originals never
 * have one). Every service that shows a picture links it the same way.
 */
export function publicRenditionPath(location: string | null | undefined): string | null {
  const ref = parseObjectLocation(location);
  if (!ref || ref.bucket !== PUBLIC_RENDITIONS_BUCKET) return null;
  return `/${PUBLIC_MEDIA_ROUTE}/${PUBLIC_RENDITIONS_BUCKET}/${ref.key.split('/').map(encodeURIComponent).join('/')}`;
}
