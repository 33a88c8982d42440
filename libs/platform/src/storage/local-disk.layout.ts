import { createHash } from 'node:crypto';
import { join, resolve, sep } from 'node:path';

/**
 * Where the local disk store keeps things, all under `<dataDir>/objects`:
 *
 *   <bucket>/<key>                          the objects, as plain files
 *   .meta/<bucket>/<xx>/<sha256(key)>.<file id>.json   content type and etag of each object file
 *   .multipart/<uploadId>/                  manifest.json and the parts of unfinished uploads
 *   .tmp/                                   files being written; renamed into place when complete
 *
 * Bucket names cannot start with a dot, so the three service folders never clash with a bucket.
 * Everything is on one file system, which is what makes the final rename atomic.
 */
export class LocalDiskLayout {
  readonly root: string;
  readonly tempDir: string;
  readonly metadataDir: string;
  readonly multipartDir: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'objects');
    this.tempDir = join(this.root, '.tmp');
    this.metadataDir = join(this.root, '.meta');
    this.multipartDir = join(this.root, '.multipart');
  }

  bucketDir(bucket: string): string {
    return join(this.root, bucket);
  }

  /** Keys are validated before they get here; the containment check is a second lock on the same door. */
  objectPath(bucket: string, key: string): string {
    const bucketDir = this.bucketDir(bucket);
    const path = join(bucketDir, ...key.split('/'));
    if (!path.startsWith(bucketDir + sep)) throw new Error(`object path escapes its bucket: ${JSON.stringify(key)}`);
    return path;
  }

  /**
   * Metadata is keyed by a hash of the key, so no key can collide with another's metadata
   * folder, and by the object file's inode, so metadata written for a file that never made it
   * into place (a crash between the two renames) is never mistaken for the current file's.
   */
  metadataShard(bucket: string, key: string): { dir: string; filePrefix: string } {
    const hash = createHash('sha256').update(key).digest('hex');
    return { dir: join(this.metadataDir, bucket, hash.slice(0, 2)), filePrefix: `${hash}.` };
  }

  metadataPath(bucket: string, key: string, fileId: string): string {
    const { dir, filePrefix } = this.metadataShard(bucket, key);
    return join(dir, `${filePrefix}${fileId}.json`);
  }

  uploadDir(uploadId: string): string {
    return join(this.multipartDir, uploadId);
  }
}
