import { createHash } from 'node:crypto';
import { createReadStream, type BigIntStats } from 'node:fs';
import { mkdir, open, readdir, rm, rmdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { errorCode, md5OfFile, moveIntoPlace, writeTempFile, type WrittenTempFile } from './atomic-file.js';
import { assertRangeShape, resolveByteRange } from './byte-range.js';
import { LocalDiskLayout } from './local-disk.layout.js';
import { LocalObjectMetadataStore } from './local-disk.metadata.js';
import { LocalMultipartUploads, type StoredPartFile } from './local-disk.multipart.js';
import { assertValidBucketName, assertValidKeyPrefix, assertValidObjectKey } from './object-key.js';
import {
  BucketNotFoundError,
  InvalidPartError,
  MultipartUploadNotFoundError,
  ObjectKeyConflictError,
  ObjectNotFoundError,
} from './object-storage.errors.js';
import {
  MAX_PART_SIZE,
  type ByteRange,
  type CompletedPart,
  type MultipartUploadOptions,
  type ObjectBody,
  type ObjectDownload,
  type ObjectListEntry,
  type ObjectLocation,
  type ObjectStat,
  type ObjectStorage,
  type PutObjectOptions,
  type SignedGetOptions,
  type StoredObject,
  type UploadedPart,
} from './object-storage.port.js';
import { LocalUrlSigner } from './signed-url.js';
import {
  assertByteSize,
  assertDownloadName,
  assertExpiry,
  assertPartNumber,
  normalizeContentType,
  orderCompletedParts,
} from './storage-arguments.js';

export interface LocalDiskObjectStorageOptions {
  /** The app's data folder; objects live under `<dataDir>/objects`. */
  dataDir: string;
  /** Origin (plus any global route prefix) that serves LocalSignedFilesController, e.g. https://stock.example.com/api. */
  publicBaseUrl: string;
  /** HMAC key of the signed links; at least 32 characters, and stable across restarts or issued links stop working. */
  signingSecret: string;
}

/** The spec's 1 MB browser parts; S3's 5 MiB floor is a network-cost rule that a local disk does not need. */
const LOCAL_MIN_PART_SIZE = 1024 * 1024;
const NOT_THERE = new Set(['ENOENT', 'ENOTDIR']);

/**
 * Object storage on the local file system, for the single-machine setup. Objects are plain files
 * at `<dataDir>/objects/<bucket>/<key>` (see LocalDiskLayout); every write lands through a
 * temp file and a rename, so a crash never leaves a half-written object visible, and everything,
 * unfinished multipart uploads included, survives a restart. Local etags are the MD5 of the content.
 */
export class LocalDiskObjectStorage implements ObjectStorage {
  readonly minPartSize = LOCAL_MIN_PART_SIZE;
  readonly maxPartSize = MAX_PART_SIZE;
  /** Shared with LocalSignedFilesController, which checks the links this store hands out. */
  readonly signer: LocalUrlSigner;

  private readonly layout: LocalDiskLayout;
  private readonly metadata: LocalObjectMetadataStore;
  private readonly uploads: LocalMultipartUploads;
  private serviceFolders: Promise<void> | undefined;

  constructor(options: LocalDiskObjectStorageOptions) {
    if (typeof options.signingSecret !== 'string' || options.signingSecret.length < 32) {
      throw new Error('LocalDiskObjectStorage needs a signingSecret of at least 32 characters');
    }
    this.layout = new LocalDiskLayout(options.dataDir);
    this.metadata = new LocalObjectMetadataStore(this.layout);
    this.uploads = new LocalMultipartUploads(this.layout);
    this.signer = new LocalUrlSigner({ publicBaseUrl: options.publicBaseUrl, secret: options.signingSecret });
  }

  async ensureBucket(bucket: string): Promise<void> {
    assertValidBucketName(bucket);
    await this.ensureServiceFolders();
    await mkdir(this.layout.bucketDir(bucket), { recursive: true });
  }

  async put(bucket: string, key: string, body: ObjectBody, options: PutObjectOptions = {}): Promise<StoredObject> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    if (options.size !== undefined) assertByteSize(options.size, 'size');
    const contentType = normalizeContentType(options.contentType);
    await this.requireBucket(bucket);
    const written = await writeTempFile(this.layout.tempDir, body, options.size);
    await this.commit(bucket, key, written, contentType);
    return { etag: written.md5, size: written.size };
  }

  async get(bucket: string, key: string, range?: ByteRange): Promise<ObjectDownload> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    if (range) assertRangeShape(range);
    const path = this.layout.objectPath(bucket, key);
    const handle = await this.openObject(bucket, key, path);
    try {
      const description = await this.describe(bucket, key, path, await handle.stat({ bigint: true }));
      const served = range ? resolveByteRange(range, description.size) : null;
      // The file at this path is never modified in place (only replaced), so the open handle reads one consistent version.
      const stream = served ? handle.createReadStream({ start: served.start, end: served.end }) : handle.createReadStream();
      return {
        ...description,
        stream,
        size: served ? served.end - served.start + 1 : description.size,
        totalSize: description.size,
        range: served,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** The stored file itself: objects are replaced by a rename, never rewritten in place, so what `use` reads is one whole version. */
  async withLocalFile<T>(bucket: string, key: string, use: (path: string) => Promise<T>): Promise<T> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    const path = this.layout.objectPath(bucket, key);
    await (await this.openObject(bucket, key, path)).close();
    return use(path);
  }

  /** The stored file's path, as `withLocalFile` gives it: tools read it in place. */
  withSeekableSource<T>(bucket: string, key: string, use: (source: string) => Promise<T>): Promise<T> {
    return this.withLocalFile(bucket, key, use);
  }

  async stat(bucket: string, key: string): Promise<ObjectStat | null> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    const path = this.layout.objectPath(bucket, key);
    let stats: BigIntStats;
    try {
      stats = await stat(path, { bigint: true });
    } catch (error) {
      if (NOT_THERE.has(errorCode(error) ?? '')) return null;
      throw error;
    }
    if (!stats.isFile()) return null;
    return this.describe(bucket, key, path, stats);
  }

  async delete(bucket: string, key: string): Promise<void> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    await this.requireBucket(bucket);
    const path = this.layout.objectPath(bucket, key);
    try {
      await unlink(path);
    } catch (error) {
      const code = errorCode(error) ?? '';
      if (NOT_THERE.has(code)) return;
      // A key that is only a folder of other keys is not an object: nothing to delete.
      if ((code === 'EISDIR' || code === 'EPERM') && (await stat(path)).isDirectory()) return;
      throw error;
    }
    await this.metadata.removeStale(bucket, key, await this.currentFileId(path));
    await this.pruneEmptyFolders(bucket, dirname(path));
  }

  async list(bucket: string, prefix = ''): Promise<ObjectListEntry[]> {
    assertValidBucketName(bucket);
    assertValidKeyPrefix(prefix);
    await this.requireBucket(bucket);
    // Start in the deepest folder the prefix names fully; the rest of the prefix filters names.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const startDir = folder ? join(this.layout.bucketDir(bucket), ...folder.split('/')) : this.layout.bucketDir(bucket);
    const entries: ObjectListEntry[] = [];
    await this.collect(startDir, folder ? `${folder}/` : '', prefix, entries);
    // S3 orders keys by their UTF-8 bytes; do the same so listings match across adapters.
    return entries.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  }

  async copy(from: ObjectLocation, to: ObjectLocation): Promise<void> {
    assertValidBucketName(from.bucket);
    assertValidObjectKey(from.key);
    assertValidBucketName(to.bucket);
    assertValidObjectKey(to.key);
    const sourcePath = this.layout.objectPath(from.bucket, from.key);
    const source = await this.openObject(from.bucket, from.key, sourcePath);
    try {
      const description = await this.describe(from.bucket, from.key, sourcePath, await source.stat({ bigint: true }));
      await this.requireBucket(to.bucket);
      const written = await writeTempFile(this.layout.tempDir, source.createReadStream({ start: 0, autoClose: false }));
      await this.commit(to.bucket, to.key, written, description.contentType);
    } finally {
      await source.close();
    }
  }

  async createMultipartUpload(bucket: string, key: string, options: MultipartUploadOptions = {}): Promise<string> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    const contentType = normalizeContentType(options.contentType);
    if (options.partSize !== undefined) assertByteSize(options.partSize, 'part size', this.maxPartSize);
    await this.requireBucket(bucket);
    return this.uploads.create(bucket, key, contentType, options.partSize || undefined);
  }

  async uploadPart(bucket: string, key: string, uploadId: string, partNumber: number, body: ObjectBody, size: number): Promise<string> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    assertPartNumber(partNumber);
    assertByteSize(size, 'part size', this.maxPartSize);
    return this.uploads.storePart(uploadId, bucket, key, partNumber, body, size);
  }

  async listParts(bucket: string, key: string, uploadId: string): Promise<UploadedPart[]> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    const parts = await this.uploads.parts(uploadId, bucket, key);
    return parts.map(({ partNumber, etag, size }) => ({ partNumber, etag, size }));
  }

  async completeMultipartUpload(bucket: string, key: string, uploadId: string, parts: CompletedPart[]): Promise<StoredObject> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    const ordered = orderCompletedParts(parts);
    const manifest = await this.uploads.manifest(uploadId, bucket, key);
    const stored = new Map((await this.uploads.parts(uploadId, bucket, key)).map((part) => [part.partNumber, part]));
    if (manifest.partSize) return this.completeInPlace(bucket, key, uploadId, manifest.partSize, manifest.contentType, ordered, stored);
    const files = ordered.map(({ partNumber, etag }, index) => {
      const part = stored.get(partNumber);
      if (!part) throw new InvalidPartError(`part ${partNumber} was never uploaded`);
      if (part.etag !== etag) throw new InvalidPartError(`the etag given for part ${partNumber} does not match the stored part`);
      if (index < ordered.length - 1 && part.size < this.minPartSize) {
        throw new InvalidPartError(`part ${partNumber} has ${part.size} bytes; every part but the last needs at least ${this.minPartSize}`);
      }
      return part.path;
    });
    await this.requireBucket(bucket);
    const written = await writeTempFile(this.layout.tempDir, concatenate(files));
    await this.commit(bucket, key, written, manifest.contentType);
    await this.uploads.remove(uploadId);
    return { etag: written.md5, size: written.size };
  }

  /**
   * Completes an upload whose parts were written in place: the parts must be 1 to N, each but
   * the last of the declared size, so the data file already is the object; it is cut to length,
   * flushed and renamed into place. The etag is S3's for multipart objects (md5 of the parts'
   * md5s, then `-N`), which needs no second read of the bytes.
   */
  private async completeInPlace(
    bucket: string,
    key: string,
    uploadId: string,
    partSize: number,
    contentType: string,
    ordered: CompletedPart[],
    stored: Map<number, StoredPartFile>,
  ): Promise<StoredObject> {
    const gap = ordered.findIndex(({ partNumber }, index) => partNumber !== index + 1);
    if (gap >= 0) throw new InvalidPartError(`the parts of this upload are numbered 1 to ${ordered.length} without gaps; part ${gap + 1} is missing`);
    let size = 0;
    const digests = ordered.map(({ partNumber, etag }, index) => {
      const part = stored.get(partNumber);
      if (!part) throw new InvalidPartError(`part ${partNumber} was never uploaded`);
      if (part.etag !== etag) throw new InvalidPartError(`the etag given for part ${partNumber} does not match the stored part`);
      const last = index === ordered.length - 1;
      if (!last && part.size !== partSize) throw new InvalidPartError(`part ${partNumber} has ${part.size} bytes; every part but the last needs ${partSize}`);
      if (!last && part.size < this.minPartSize) {
        throw new InvalidPartError(`part ${partNumber} has ${part.size} bytes; every part but the last needs at least ${this.minPartSize}`);
      }
      size += part.size;
      return Buffer.from(part.etag, 'hex');
    });
    await this.requireBucket(bucket);
    const path = await this.uploads.releaseDataFile(uploadId);
    const handle = await open(path, 'r+').catch((error: unknown) => {
      throw NOT_THERE.has(errorCode(error) ?? '') ? new MultipartUploadNotFoundError(uploadId) : error;
    });
    let fileId: string;
    try {
      // Parts uploaded past the last one named here are not part of the object.
      await handle.truncate(size);
      await handle.sync();
      fileId = String((await handle.stat({ bigint: true })).ino);
    } finally {
      await handle.close();
    }
    const etag = `${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${ordered.length}`;
    await this.commit(bucket, key, { path, md5: etag, size, fileId }, contentType);
    await this.uploads.remove(uploadId);
    return { etag, size };
  }

  async abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    if (await this.uploads.isUploadOf(uploadId, bucket, key)) await this.uploads.remove(uploadId);
  }

  async signedGetUrl(bucket: string, key: string, expiresInSeconds: number, options: SignedGetOptions = {}): Promise<string> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    assertExpiry(expiresInSeconds);
    if (options.downloadName !== undefined) assertDownloadName(options.downloadName);
    return this.signer.signGet(bucket, key, expiresInSeconds, options.downloadName);
  }

  async signedPartUploadUrl(bucket: string, key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
    assertValidBucketName(bucket);
    assertValidObjectKey(key);
    assertPartNumber(partNumber);
    assertExpiry(expiresInSeconds);
    this.uploads.assertUploadIdFormat(uploadId);
    return this.signer.signPartUpload(bucket, key, uploadId, partNumber, expiresInSeconds);
  }

  /** Publishes a finished temp file at the key: metadata first, then the rename that makes it visible. */
  private async commit(bucket: string, key: string, written: WrittenTempFile, contentType: string): Promise<void> {
    const path = this.layout.objectPath(bucket, key);
    try {
      await this.metadata.write(bucket, key, written.fileId, { key, contentType, etag: written.md5, size: written.size });
      await moveIntoPlace(written.path, path, () => new ObjectKeyConflictError(bucket, key));
    } catch (error) {
      await rm(written.path, { force: true });
      await this.metadata.removeStale(bucket, key, await this.currentFileId(path));
      throw error;
    }
    // Keep the record of whatever file is there now: a concurrent put of the same key may have won.
    await this.metadata.removeStale(bucket, key, await this.currentFileId(path));
  }

  /**
   * Size, type and etag of the file at the key. Without a matching metadata record (files put
   * there by hand, a lost metadata folder) the etag is recomputed and the type falls back to
   * application/octet-stream, and the record is written for next time.
   */
  private async describe(bucket: string, key: string, path: string, stats: BigIntStats): Promise<ObjectStat> {
    if (!stats.isFile()) throw new ObjectNotFoundError(bucket, key);
    const size = Number(stats.size);
    const fileId = String(stats.ino);
    let metadata = await this.metadata.read(bucket, key, fileId, size);
    if (!metadata) {
      metadata = { key, size, contentType: normalizeContentType(undefined), etag: await md5OfFile(path) };
      await this.metadata.write(bucket, key, fileId, metadata).catch(() => undefined);
    }
    return { size, contentType: metadata.contentType, etag: metadata.etag, lastModified: stats.mtime };
  }

  private async openObject(bucket: string, key: string, path: string): Promise<FileHandle> {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (!NOT_THERE.has(errorCode(error) ?? '') && errorCode(error) !== 'EISDIR') throw error;
      await this.requireBucket(bucket);
      throw new ObjectNotFoundError(bucket, key);
    }
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      throw new ObjectNotFoundError(bucket, key);
    }
    return handle;
  }

  private async requireBucket(bucket: string): Promise<void> {
    try {
      if ((await stat(this.layout.bucketDir(bucket))).isDirectory()) {
        await this.ensureServiceFolders();
        return;
      }
    } catch (error) {
      if (!NOT_THERE.has(errorCode(error) ?? '')) throw error;
    }
    throw new BucketNotFoundError(bucket);
  }

  private ensureServiceFolders(): Promise<void> {
    this.serviceFolders ??= Promise.all(
      [this.layout.tempDir, this.layout.metadataDir, this.layout.multipartDir].map((dir) => mkdir(dir, { recursive: true })),
    ).then(
      () => undefined,
      (error: unknown) => {
        this.serviceFolders = undefined;
        throw error;
      },
    );
    return this.serviceFolders;
  }

  private async currentFileId(path: string): Promise<string | null> {
    try {
      return String((await stat(path, { bigint: true })).ino);
    } catch (error) {
      if (NOT_THERE.has(errorCode(error) ?? '')) return null;
      throw error;
    }
  }

  private async collect(dir: string, keyPrefix: string, prefix: string, into: ObjectListEntry[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (NOT_THERE.has(errorCode(error) ?? '')) return;
      throw error;
    }
    for (const entry of entries) {
      const key = keyPrefix + entry.name;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) await this.collect(join(dir, entry.name), `${key}/`, prefix, into);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const info = await stat(join(dir, entry.name)).catch((error: unknown) => {
          if (NOT_THERE.has(errorCode(error) ?? '')) return null;
          throw error;
        });
        if (info) into.push({ key, size: info.size, lastModified: info.mtime });
      }
    }
  }

  /** Deleting the last object of a folder removes the folder, so a later key may use that name as a file. */
  private async pruneEmptyFolders(bucket: string, from: string): Promise<void> {
    const bucketDir = this.layout.bucketDir(bucket);
    for (let dir = from; dir.startsWith(bucketDir + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
    }
  }
}

async function* concatenate(paths: string[]): AsyncGenerator<Buffer> {
  for (const path of paths) {
    for await (const chunk of createReadStream(path)) yield chunk as Buffer;
  }
}
