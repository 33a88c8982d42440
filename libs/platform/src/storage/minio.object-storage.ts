import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { CopyDestinationOptions, CopySourceOptions } from 'minio';
import { assertRangeShape } from './byte-range.js';
import { attachmentDisposition } from './content-disposition.js';
import { readExactly } from './exact-body.js';
import { createMinioClient, publicConnection, type MinioStorageClient } from './minio.client.js';
import { s3ErrorCode, translateS3Error } from './minio.errors.js';
import { withTemporaryCopy } from './temporary-copy.js';
import { assertValidBucketName, assertValidKeyPrefix, assertValidObjectKey } from './object-key.js';
import {
  InvalidBucketNameError,
  InvalidRangeError,
  MultipartUploadNotFoundError,
  ObjectNotFoundError,
  ObjectSizeMismatchError,
} from './object-storage.errors.js';
import {
  MAX_PART_NUMBER,
  MAX_PART_SIZE,
  SEEKABLE_SOURCE_SECONDS,
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
import {
  assertByteSize,
  assertDownloadName,
  assertExpiry,
  assertPartNumber,
  normalizeContentType,
  normalizeEtag,
  orderCompletedParts,
} from './storage-arguments.js';

export interface MinioObjectStorageOptions {
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Put before every logical bucket name ('mkt-' + 'originals'), so several deployments can share one server. */
  bucketPrefix: string;
  /** Origin browsers use to reach the server, when it differs from endPoint; presigned links are signed for it. */
  publicUrl?: string;
  /** Part size when put() receives a stream (which is sent in parts); at least 5 MiB. Default 16 MiB. */
  streamPartSize?: number;
}

/** S3 refuses smaller parts except the last one. */
const S3_MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_STREAM_PART_SIZE = 16 * 1024 * 1024;
/** Above this a single CopyObject is refused by S3 and the copy has to go part by part. */
const MAX_SINGLE_COPY_SIZE = 5 * 1024 * 1024 * 1024;

/**
 * Object storage on an S3-compatible server through the `minio` client, for the distributed
 * setup. Multipart uploads use the client's low-level calls only: its automatic multipart
 * (fPutObject, large putObject) looks for earlier unfinished uploads of the same key and could
 * adopt one that a browser is still sending.
 */
export class MinioObjectStorage implements ObjectStorage {
  readonly minPartSize = S3_MIN_PART_SIZE;
  readonly maxPartSize = MAX_PART_SIZE;

  private readonly client: MinioStorageClient;
  private readonly signingClient: MinioStorageClient;
  private readonly streamPartSize: number;

  constructor(
    private readonly options: MinioObjectStorageOptions,
    clients?: { client: MinioStorageClient; signingClient?: MinioStorageClient },
  ) {
    this.client = clients?.client ?? createMinioClient(options);
    this.signingClient = clients?.signingClient ?? (options.publicUrl ? createMinioClient(publicConnection(options, options.publicUrl)) : this.client);
    this.streamPartSize = options.streamPartSize ?? DEFAULT_STREAM_PART_SIZE;
    if (this.streamPartSize < S3_MIN_PART_SIZE || this.streamPartSize > MAX_PART_SIZE) {
      throw new Error(`streamPartSize must be between ${S3_MIN_PART_SIZE} and ${MAX_PART_SIZE} bytes`);
    }
  }

  async ensureBucket(bucket: string): Promise<void> {
    const name = this.physicalBucket(bucket);
    try {
      if (await this.client.bucketExists(name)) return;
      await this.client.makeBucket(name, this.options.region);
    } catch (error) {
      // Two replicas starting together both see the bucket missing; the loser is told it already has it.
      if (s3ErrorCode(error) === 'BucketAlreadyOwnedByYou') return;
      throw translateS3Error(error, { bucket });
    }
  }

  async put(bucket: string, key: string, body: ObjectBody, options: PutObjectOptions = {}): Promise<StoredObject> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    if (options.size !== undefined) assertByteSize(options.size, 'size');
    const metadata = { 'Content-Type': normalizeContentType(options.contentType) };
    try {
      if (!Buffer.isBuffer(body)) return await this.putStream(name, key, body, options.size, metadata);
      if (options.size !== undefined && options.size !== body.length) throw new ObjectSizeMismatchError(options.size, body.length);
      if (body.length > this.streamPartSize) return await this.putStream(name, key, Readable.from([body]), body.length, metadata);
      const result = await this.client.putObject(name, key, body, body.length, metadata);
      return { etag: normalizeEtag(result.etag), size: body.length };
    } catch (error) {
      throw translateS3Error(error, { bucket, key });
    }
  }

  async get(bucket: string, key: string, range?: ByteRange): Promise<ObjectDownload> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    if (range) assertRangeShape(range);
    let response: IncomingMessage;
    try {
      // getPartialObject sends no Range header for offset 0 without a length; such a range is the whole object.
      response = (
        range && (range.start > 0 || range.end !== undefined)
          ? await this.client.getPartialObject(name, key, range.start, range.end === undefined ? 0 : range.end - range.start + 1)
          : await this.client.getObject(name, key)
      ) as IncomingMessage;
    } catch (error) {
      throw translateS3Error(error, { bucket, key });
    }
    const { headers } = response;
    const size = Number(headers['content-length'] ?? 0);
    const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headers['content-range'] ?? '');
    const totalSize = contentRange ? Number(contentRange[3]) : size;
    if (range && !contentRange && totalSize === 0) {
      // Same answer as a range on an empty local file: nothing can be inside it.
      response.destroy();
      throw new InvalidRangeError(`start ${range.start} is not inside an object of 0 bytes`);
    }
    return {
      stream: response,
      size,
      totalSize,
      range: range ? (contentRange ? { start: Number(contentRange[1]), end: Number(contentRange[2]) } : { start: 0, end: totalSize - 1 }) : null,
      contentType: headers['content-type'] ?? normalizeContentType(undefined),
      etag: normalizeEtag(headers.etag ?? ''),
      lastModified: headers['last-modified'] ? new Date(headers['last-modified']) : new Date(),
    };
  }

  async withLocalFile<T>(bucket: string, key: string, use: (path: string) => Promise<T>): Promise<T> {
    return withTemporaryCopy(await this.get(bucket, key), key, use);
  }

  /**
   * A presigned GET link that ffprobe and ffmpeg read with Range requests: nothing of the object
   * is copied into this machine's temp folder. Signed with the internal client, never the
   * public one: the link is for this process, which reaches the store at S3_ENDPOINT, not at
   * the browsers' address. Valid for SEEKABLE_SOURCE_SECONDS (the port says why so long).
   */
  async withSeekableSource<T>(bucket: string, key: string, use: (source: string) => Promise<T>): Promise<T> {
    if (!(await this.stat(bucket, key))) throw new ObjectNotFoundError(bucket, key);
    const source = await this.client.presignedGetObject(this.physicalBucket(bucket), key, SEEKABLE_SOURCE_SECONDS);
    return use(source);
  }

  async stat(bucket: string, key: string): Promise<ObjectStat | null> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    try {
      const stat = await this.client.statObject(name, key);
      return {
        size: stat.size,
        contentType: String(stat.metaData['content-type'] ?? normalizeContentType(undefined)),
        etag: normalizeEtag(stat.etag),
        lastModified: stat.lastModified,
      };
    } catch (error) {
      // A HEAD request has no body, so a missing bucket and a missing key both arrive as NotFound.
      if (['NotFound', 'NoSuchKey', 'NoSuchBucket'].includes(s3ErrorCode(error) ?? '')) return null;
      throw translateS3Error(error, { bucket, key });
    }
  }

  async delete(bucket: string, key: string): Promise<void> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    try {
      await this.client.removeObject(name, key);
    } catch (error) {
      if (s3ErrorCode(error) === 'NoSuchKey') return;
      throw translateS3Error(error, { bucket, key });
    }
  }

  async list(bucket: string, prefix = ''): Promise<ObjectListEntry[]> {
    const name = this.physicalBucket(bucket);
    assertValidKeyPrefix(prefix);
    const entries: ObjectListEntry[] = [];
    try {
      for await (const item of this.client.listObjectsV2(name, prefix, true)) {
        if (item.name !== undefined) entries.push({ key: item.name, size: item.size, lastModified: item.lastModified });
      }
    } catch (error) {
      throw translateS3Error(error, { bucket });
    }
    return entries.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  }

  async copy(from: ObjectLocation, to: ObjectLocation): Promise<void> {
    const sourceBucket = this.physicalBucket(from.bucket);
    const targetBucket = this.physicalBucket(to.bucket);
    assertValidObjectKey(from.key);
    assertValidObjectKey(to.key);
    const source = await this.stat(from.bucket, from.key);
    if (!source) throw new ObjectNotFoundError(from.bucket, from.key);
    const sourceOptions = new CopySourceOptions({ Bucket: sourceBucket, Object: from.key });
    const targetOptions = new CopyDestinationOptions({ Bucket: targetBucket, Object: to.key });
    try {
      if (source.size > MAX_SINGLE_COPY_SIZE) await this.client.composeObject(targetOptions, [sourceOptions]);
      else await this.client.copyObject(sourceOptions, targetOptions);
    } catch (error) {
      throw translateS3Error(error, { bucket: to.bucket, key: to.key });
    }
  }

  async createMultipartUpload(bucket: string, key: string, options: MultipartUploadOptions = {}): Promise<string> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    const contentType = normalizeContentType(options.contentType);
    try {
      return await this.client.initiateNewMultipartUpload(name, key, { 'Content-Type': contentType });
    } catch (error) {
      throw translateS3Error(error, { bucket, key });
    }
  }

  async uploadPart(bucket: string, key: string, uploadId: string, partNumber: number, body: ObjectBody, size: number): Promise<string> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    assertUploadId(uploadId);
    assertPartNumber(partNumber);
    assertByteSize(size, 'part size', this.maxPartSize);
    try {
      // The client signs the payload's SHA-256, so a part is read into memory first (parts are a few MiB).
      const payload = await readExactly(body, size);
      const { etag } = await this.client.uploadPart({ bucketName: name, objectName: key, uploadID: uploadId, partNumber, headers: {} }, payload);
      return normalizeEtag(etag);
    } catch (error) {
      throw translateS3Error(error, { bucket, key, uploadId });
    }
  }

  async listParts(bucket: string, key: string, uploadId: string): Promise<UploadedPart[]> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    assertUploadId(uploadId);
    try {
      const parts = await this.client.listUploadedParts(name, key, uploadId);
      return parts
        .map((part) => ({ partNumber: part.part, etag: normalizeEtag(part.etag), size: part.size }))
        .sort((a, b) => a.partNumber - b.partNumber);
    } catch (error) {
      throw translateS3Error(error, { bucket, key, uploadId });
    }
  }

  async completeMultipartUpload(bucket: string, key: string, uploadId: string, parts: CompletedPart[]): Promise<StoredObject> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    assertUploadId(uploadId);
    const ordered = orderCompletedParts(parts);
    try {
      await this.client.completeMultipartUpload(
        name,
        key,
        uploadId,
        ordered.map(({ partNumber, etag }) => ({ part: partNumber, etag })),
      );
    } catch (error) {
      throw translateS3Error(error, { bucket, key, uploadId });
    }
    const stored = await this.stat(bucket, key);
    if (!stored) throw new ObjectNotFoundError(bucket, key);
    return { etag: stored.etag, size: stored.size };
  }

  async abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    if (typeof uploadId !== 'string' || uploadId === '') return;
    try {
      await this.client.abortMultipartUpload(name, key, uploadId);
    } catch (error) {
      if (s3ErrorCode(error) === 'NoSuchUpload') return;
      throw translateS3Error(error, { bucket, key, uploadId });
    }
  }

  async signedGetUrl(bucket: string, key: string, expiresInSeconds: number, options: SignedGetOptions = {}): Promise<string> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    assertExpiry(expiresInSeconds);
    const responseHeaders: Record<string, string> = {};
    if (options.downloadName !== undefined) {
      assertDownloadName(options.downloadName);
      responseHeaders['response-content-disposition'] = attachmentDisposition(options.downloadName);
    }
    return this.signingClient.presignedGetObject(name, key, expiresInSeconds, responseHeaders);
  }

  async signedPartUploadUrl(bucket: string, key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
    const name = this.physicalBucket(bucket);
    assertValidObjectKey(key);
    assertUploadId(uploadId);
    assertPartNumber(partNumber);
    assertExpiry(expiresInSeconds);
    return this.signingClient.presignedUrl('PUT', name, key, expiresInSeconds, { uploadId, partNumber: String(partNumber) });
  }

  /** The server-side name of a logical bucket. */
  physicalBucket(bucket: string): string {
    assertValidBucketName(bucket);
    const name = `${this.options.bucketPrefix}${bucket}`;
    if (name.length > 63) throw new InvalidBucketNameError(bucket, `with the prefix "${this.options.bucketPrefix}" it exceeds S3's 63 characters`);
    return name;
  }

  /** A stream is sent whole when it fits in one part, else as a multipart upload that is aborted on any failure. */
  private async putStream(
    name: string,
    key: string,
    body: Readable,
    expectedSize: number | undefined,
    metadata: Record<string, string>,
  ): Promise<StoredObject> {
    const partSize = Math.max(this.streamPartSize, Math.ceil((expectedSize ?? 0) / MAX_PART_NUMBER));
    const chunks = chunksOf(body, partSize, expectedSize)[Symbol.asyncIterator]();
    const first = await chunks.next();
    const second = first.done ? first : await chunks.next();
    if (second.done) {
      const whole = first.done ? Buffer.alloc(0) : first.value;
      const result = await this.client.putObject(name, key, whole, whole.length, metadata);
      return { etag: normalizeEtag(result.etag), size: whole.length };
    }
    const uploadId = await this.client.initiateNewMultipartUpload(name, key, metadata);
    try {
      const parts: { part: number; etag: string }[] = [];
      let size = 0;
      const send = async (chunk: Buffer) => {
        const part = parts.length + 1;
        const { etag } = await this.client.uploadPart({ bucketName: name, objectName: key, uploadID: uploadId, partNumber: part, headers: {} }, chunk);
        parts.push({ part, etag });
        size += chunk.length;
      };
      await send(first.value as Buffer);
      await send(second.value);
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) await send(next.value);
      const result = await this.client.completeMultipartUpload(name, key, uploadId, parts);
      return { etag: normalizeEtag(result.etag), size };
    } catch (error) {
      await this.client.abortMultipartUpload(name, key, uploadId).catch(() => undefined);
      throw error;
    }
  }
}

function assertUploadId(uploadId: unknown): asserts uploadId is string {
  // Upload ids come from the server; one with URL syntax in it cannot be one of them.
  if (typeof uploadId !== 'string' || uploadId === '' || /[\s&#?]/.test(uploadId)) {
    throw new MultipartUploadNotFoundError(String(uploadId));
  }
}

/** Cuts a stream into parts of `partSize` bytes (the last one shorter), checking the declared total. */
async function* chunksOf(body: Readable, partSize: number, expectedSize: number | undefined): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  for await (const chunk of body) {
    const buffer: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (expectedSize !== undefined && total > expectedSize) throw new ObjectSizeMismatchError(expectedSize, total);
    pending.push(buffer);
    pendingBytes += buffer.length;
    while (pendingBytes >= partSize) {
      const joined = Buffer.concat(pending);
      yield joined.subarray(0, partSize);
      pending = [joined.subarray(partSize)];
      pendingBytes -= partSize;
    }
  }
  if (expectedSize !== undefined && total !== expectedSize) throw new ObjectSizeMismatchError(expectedSize, total);
  if (pendingBytes > 0 || total === 0) yield Buffer.concat(pending);
}

