import type { UploadKind } from '@mkt/contracts';
import type { ObjectStorage } from '@mkt/platform';

/**
 * Runs `use` with a contributed file where the media tools can read it, without a copy of a
 * large original in the pod's temp space (a 1 GiB emptyDir in Kubernetes):
 * - videos (up to 3 GB): ffprobe and ffmpeg read the stored file in place, or a presigned link
 *   to the S3 store with Range requests; nothing of the original is written locally;
 * - photos (at most 50 MB): sharp needs the bytes in a file, so on the S3 store they come as a
 *   temporary copy, bounded by the photo size limit.
 */
export function withMediaSource<T>(storage: ObjectStorage, kind: UploadKind, bucket: string, key: string, use: (source: string) => Promise<T>): Promise<T> {
  return kind === 'video' ? storage.withSeekableSource(bucket, key, use) : storage.withLocalFile(bucket, key, use);
}
