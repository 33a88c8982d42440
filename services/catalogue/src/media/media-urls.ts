import { formatObjectLocation, type ObjectLocation } from '@mkt/platform';

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
export { PUBLIC_RENDITIONS_BUCKET as PUBLIC_BUCKET, PUBLIC_MEDIA_ROUTE as MEDIA_ROUTE } from '@mkt/platform';

export function toLocation(ref: ObjectLocation): string {
  return formatObjectLocation(ref.bucket, ref.key);
}
