import type { Readable } from 'node:stream';

/**
 * Object storage as business code sees it: one port, with the local disk store on a single
 * machine and an S3-compatible server (MinIO) when distributed, chosen by configuration.
 *
 * Buckets are logical names ('originals', 'renditions', 'vouchers'); an adapter may map them to
 * physical names (the MinIO adapter adds a prefix). Keys are '/'-separated paths checked by
 * `assertValidObjectKey`. Every method rejects with the typed errors of `object-storage.errors.ts`
 * for caller mistakes and missing things; anything else is an infrastructure failure.
 */
export interface ObjectStorage {
  /** Smallest size of every part but the last: 1 MiB on local disk, 5 MiB on S3-compatible servers. Use it as the upload part size. */
  readonly minPartSize: number;
  /** Largest size of one part. */
  readonly maxPartSize: number;

  /** Creates the bucket when it is missing; safe to call on every start. Other calls never create buckets. */
  ensureBucket(bucket: string): Promise<void>;

  /** Stores the whole body under the key, replacing any object there. Readers never see a half-written object. */
  put(bucket: string, key: string, body: ObjectBody, options?: PutObjectOptions): Promise<StoredObject>;

  /**
   * Opens the object for reading, optionally a byte range of it. The caller must consume or
   * destroy the stream: on local disk it holds an open file.
   */
  get(bucket: string, key: string, range?: ByteRange): Promise<ObjectDownload>;

  /**
   * Runs `use` with the object as a file on this machine, for tools that read files (ffprobe,
   * ffmpeg, sharp): the stored file itself where objects are kept on local disk (no copy of a
   * multi-gigabyte original), otherwise a temporary download named like the key and removed
   * afterwards. `use` must only read the file.
   */
  withLocalFile<T>(bucket: string, key: string, use: (path: string) => Promise<T>): Promise<T>;

  /**
   * Runs `use` with a source that tools reading files or http(s) links (ffprobe, ffmpeg) can
   * open and seek in, without copying the object to this machine: the stored file's path on local
   * disk, otherwise a presigned GET link to the store, read with Range requests, valid for at
   * least {@link SEEKABLE_SOURCE_SECONDS}. Nothing is written locally, so a multi-gigabyte
   * original costs no temp space; prefer it to `withLocalFile` for any tool that takes a URL.
   * Rejects with ObjectNotFoundError when the object is missing. `use` must only read the source
   * and must not hand it on: a link lets anyone who holds it read the object.
   */
  withSeekableSource<T>(bucket: string, key: string, use: (source: string) => Promise<T>): Promise<T>;

  /** The object's description, or null when there is no such object (or no such bucket). */
  stat(bucket: string, key: string): Promise<ObjectStat | null>;

  /** Removes the object; removing a missing object is not an error. */
  delete(bucket: string, key: string): Promise<void>;

  /**
   * Every object whose key starts with the prefix (a plain string prefix, recursive), ordered by
   * key. Meant for bounded prefixes such as one material's renditions, not for whole buckets.
   */
  list(bucket: string, prefix?: string): Promise<ObjectListEntry[]>;

  /** Copies bytes and content type; the target is replaced atomically. */
  copy(from: ObjectLocation, to: ObjectLocation): Promise<void>;

  /** Starts an upload in parts; the object appears only when the upload is completed. */
  createMultipartUpload(bucket: string, key: string, options?: MultipartUploadOptions): Promise<string>;

  /**
   * Stores one part (1 to 10000); uploading the same number again replaces it. `size` is the
   * exact byte count of the body. Returns the part's etag, needed to complete the upload.
   */
  uploadPart(bucket: string, key: string, uploadId: string, partNumber: number, body: ObjectBody, size: number): Promise<string>;

  /** The parts stored so far, by part number: what a resumed upload can skip. */
  listParts(bucket: string, key: string, uploadId: string): Promise<UploadedPart[]>;

  /**
   * Assembles the listed parts in part-number order (the list itself may be in any order) into
   * the object and ends the upload. Stored parts left out of the list are discarded.
   */
  completeMultipartUpload(bucket: string, key: string, uploadId: string, parts: CompletedPart[]): Promise<StoredObject>;

  /** Ends the upload and discards its parts; aborting an upload that no longer exists is not an error. */
  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void>;

  /**
   * A link anyone can GET for `expiresInSeconds` (1 s to 7 days), Range requests included.
   * With `downloadName` the response asks the browser to save the file under that name.
   * Signing does not check that the object exists.
   */
  signedGetUrl(bucket: string, key: string, expiresInSeconds: number, options?: SignedGetOptions): Promise<string>;

  /**
   * A link a browser can PUT one part's bytes to directly; the response carries the part's etag
   * in the `ETag` header.
   */
  signedPartUploadUrl(bucket: string, key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
}

/** Nest injection token of the configured {@link ObjectStorage}: `@Inject(OBJECT_STORAGE) storage: ObjectStorage`. */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export type ObjectBody = Buffer | Readable;

export interface ObjectLocation {
  bucket: string;
  key: string;
}

export interface PutObjectOptions {
  /** Defaults to application/octet-stream. */
  contentType?: string;
  /** The exact byte count of the body when known; a body of another length is refused. */
  size?: number;
}

export interface MultipartUploadOptions {
  contentType?: string;
  /**
   * The size of every part but the last, when the caller knows it. The local disk store then
   * writes parts in place and completes without copying; S3 stores need no such hint.
   */
  partSize?: number;
}

export interface StoredObject {
  etag: string;
  size: number;
}

/** Inclusive byte offsets, as in HTTP: `{ start: 0, end: 99 }` is the first 100 bytes; no `end` reads to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectStat {
  size: number;
  contentType: string;
  /** Opaque version tag: changes whenever the content changes. */
  etag: string;
  lastModified: Date;
}

export interface ObjectDownload extends ObjectStat {
  stream: Readable;
  /** Bytes the stream yields: the whole object, or the range. */
  size: number;
  /** Size of the whole object. */
  totalSize: number;
  /** The range actually served (end clamped to the object), or null for the whole object. */
  range: { start: number; end: number } | null;
}

export interface ObjectListEntry {
  key: string;
  size: number;
  lastModified: Date;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface SignedGetOptions {
  /** File name offered by the browser's save dialog; any language, at most 255 characters. */
  downloadName?: string;
}

/** S3's limits, kept by every adapter so an upload plan made for one works on all. */
export const MIN_PART_NUMBER = 1;
export const MAX_PART_NUMBER = 10_000;
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;
/**
 * How long a source from `withSeekableSource` stays readable. ffmpeg opens a new request on
 * every seek and after a dropped connection, so the link must outlive the longest job that
 * reads it, not just its first request: an uploads video job runs ffprobe and up to four ffmpeg
 * passes, each killed after 30 minutes (UploadSettings.ffmpegTimeoutMs), 2.5 hours at worst.
 * Six hours leave room for that; a longer job must read through `withLocalFile`.
 */
export const SEEKABLE_SOURCE_SECONDS = 6 * 60 * 60;
export const MAX_PART_SIZE = 5 * 1024 * 1024 * 1024;
