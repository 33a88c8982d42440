import { InvalidBucketNameError, InvalidObjectKeyError } from './object-storage.errors.js';

/**
 * Rules for bucket names and object keys, the same for every adapter. They are the intersection
 * of what S3 accepts and what maps safely onto a file path, so a key that works on the single
 * machine works on MinIO and the other way round, and no key can step outside its bucket folder.
 */

/** S3's own limit on the UTF-8 length of a key. */
export const MAX_OBJECT_KEY_BYTES = 1024;
/** File systems cap one path component at 255 bytes (NAME_MAX). */
export const MAX_KEY_SEGMENT_BYTES = 255;

/** Lower-case letters, digits and hyphens: valid both as an S3 bucket (after any prefix) and as a folder name. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function assertValidBucketName(bucket: unknown): asserts bucket is string {
  if (typeof bucket !== 'string') throw new InvalidBucketNameError(String(bucket), 'must be a string');
  if (!BUCKET_NAME.test(bucket)) {
    throw new InvalidBucketNameError(bucket, '3 to 63 lower-case letters, digits or hyphens, starting and ending with a letter or digit');
  }
}

export function assertValidObjectKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw new InvalidObjectKeyError(String(key), 'must be a string');
  if (key.length === 0) throw new InvalidObjectKeyError(key, 'must not be empty');
  if (key.endsWith('/')) throw new InvalidObjectKeyError(key, 'must not end with "/"');
  assertSafeText(key, InvalidObjectKeyError);
  for (const segment of key.split('/')) assertSafeSegment(key, segment, InvalidObjectKeyError);
}

/**
 * A listing prefix is a plain string prefix (so 'photos/2024' also matches 'photos/2024-12/…'),
 * but its complete folder segments follow the key rules, and it may be empty or end with '/'.
 */
export function assertValidKeyPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string') throw new InvalidObjectKeyError(String(prefix), 'prefix must be a string');
  if (prefix.length === 0) return;
  assertSafeText(prefix, InvalidObjectKeyError);
  const folders = prefix.split('/').slice(0, -1);
  for (const segment of folders) assertSafeSegment(prefix, segment, InvalidObjectKeyError);
}

type KeyErrorClass = new (key: string, reason: string) => Error;

function assertSafeText(text: string, ErrorClass: KeyErrorClass): void {
  if (text.startsWith('/')) throw new ErrorClass(text, 'must not start with "/"');
  if (text.includes('\\')) throw new ErrorClass(text, 'must not contain "\\" (it is a path separator on some systems)');
  if (CONTROL_CHARACTER.test(text)) throw new ErrorClass(text, 'must not contain NUL or other control characters');
  // Lone UTF-16 surrogates cannot be encoded as UTF-8 and would be silently replaced on disk and over HTTP.
  if (Buffer.from(text, 'utf8').toString('utf8') !== text) throw new ErrorClass(text, 'must be valid Unicode text');
  if (Buffer.byteLength(text, 'utf8') > MAX_OBJECT_KEY_BYTES) {
    throw new ErrorClass(text, `must be at most ${MAX_OBJECT_KEY_BYTES} bytes of UTF-8`);
  }
}

function assertSafeSegment(text: string, segment: string, ErrorClass: KeyErrorClass): void {
  if (segment === '') throw new ErrorClass(text, 'must not contain empty segments ("//")');
  if (segment === '.' || segment === '..') throw new ErrorClass(text, 'must not contain "." or ".." segments');
  if (Buffer.byteLength(segment, 'utf8') > MAX_KEY_SEGMENT_BYTES) {
    throw new ErrorClass(text, `each "/"-separated segment must be at most ${MAX_KEY_SEGMENT_BYTES} bytes of UTF-8`);
  }
}
