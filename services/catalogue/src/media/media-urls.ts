/**
 * How the catalogue's pictures and previews reach browsers.
 *
 * Media columns hold object locations, "<bucket>/<key>". Renditions (thumbnails, 480p previews,
 * preview strips, category and topic covers) live in the public `renditions` bucket and are
 * served by MediaController at `/api/media/renditions/<key>`: a stable, cacheable (public, five
 * minutes, ETag, byte ranges) path, only for renditions of published materials and topics and
 * category covers, that works for every storage driver, so cards never carry links that
 * expire. Originals (bucket `originals`) are never served by this route; the watermarked sample
 * is only handed out by POST /material/sample, as a short-lived signed link.
 */
export const PUBLIC_BUCKET = 'renditions';
/** Below the store API prefix: the single-machine server routes those paths to the API, not to the web apps. */
export const MEDIA_ROUTE = 'api/media';

export interface ObjectLocation {
  bucket: string;
  key: string;
}

export function parseLocation(location: string | null | undefined): ObjectLocation | null {
  if (!location) return null;
  const slash = location.indexOf('/');
  if (slash <= 0 || slash === location.length - 1) return null;
  return { bucket: location.slice(0, slash), key: location.slice(slash + 1) };
}

export function toLocation(ref: ObjectLocation): string {
  return `${ref.bucket}/${ref.key}`;
}

/** The public path of a rendition, or null for anything that is not in the public bucket. */
export function publicMediaUrl(location: string | null | undefined): string | null {
  const ref = parseLocation(location);
  if (!ref || ref.bucket !== PUBLIC_BUCKET) return null;
  return `/${MEDIA_ROUTE}/${PUBLIC_BUCKET}/${ref.key.split('/').map(encodeURIComponent).join('/')}`;
}
