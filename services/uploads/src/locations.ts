import type { BucketName } from '@mkt/platform';
/**
 * Buckets and keys of contributed files. Rows and events hold "<bucket>/<key>" locations
 * (`formatObjectLocation` in the platform); the spec's `filePath` is the original's key.
 */
export const UPLOAD_BUCKETS = { originals: 'originals', renditions: 'renditions', samples: 'samples' } as const satisfies Record<string, BucketName>;

/** The original's key: the contributor's folder, a random session folder, a fixed name (never the user's). */
export function originalKey(contributorId: string, sessionId: string, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot).toLowerCase().replace(/[^.a-z0-9]/g, '');
  return `contrib/${contributorId}/${sessionId}/original${extension}`;
}

/**
 * Renditions of one processing attempt live under their own folder: a crashed attempt leaves
 * only unrecorded objects there, which the next attempt removes, so no half-written rendition is
 * ever referenced.
 */
export function attemptPrefix(uploadId: number): string {
  return `uploads/${uploadId}/`;
}

export function renditionKeys(uploadId: number, attempt: string, kind: 'video' | 'photo') {
  const base = `${attemptPrefix(uploadId)}${attempt}`;
  return kind === 'video'
    ? { thumbnail: `${base}/thumb.jpg`, preview480: `${base}/preview-480.mp4`, previewStrip: `${base}/strip.jpg`, sample: `${base}/sample.mp4` }
    : { thumbnail: `${base}/thumb.jpg`, preview480: null, previewStrip: null, sample: `${base}/sample.jpg` };
}
