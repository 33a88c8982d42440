import { PUBLIC_RENDITIONS_BUCKET, formatObjectLocation } from '@mkt/platform';
import { STREAM_MASTER_NAME } from '@mkt/platform/media';

/**
 * Where a material's preview stream lives in the public renditions bucket: one folder per
 * material, the master playlist at its top, each rendition's playlist and segments one folder
 * down ("streams/12/master.m3u8", "streams/12/480p/index.m3u8", "streams/12/480p/000.ts").
 */
export function streamFolder(materialId: number): string {
  return `streams/${materialId}/`;
}

const STREAM_FILE = /^streams\/(\d{1,19})\/(?:master\.m3u8|\d{2,4}p\/(?:index\.m3u8|\d{3,5}\.ts))$/;

/**
 * The master playlist location that makes a renditions key servable, when the key is a file of a
 * stream (its master, a rendition's playlist or a segment); null for any other key.
 */
export function streamMasterOf(key: string): string | null {
  const match = STREAM_FILE.exec(key);
  return match ? formatObjectLocation(PUBLIC_RENDITIONS_BUCKET, `streams/${match[1]}/${STREAM_MASTER_NAME}`) : null;
}
