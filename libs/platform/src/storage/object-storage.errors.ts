/**
 * Failures every object-storage adapter reports the same way, so business code can catch one
 * class whatever engine runs underneath. Anything else an adapter throws is an infrastructure
 * failure (disk full, server unreachable) and is left to the caller's generic error handling.
 */
export class ObjectStorageError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidBucketNameError extends ObjectStorageError {
  constructor(
    readonly bucket: string,
    reason: string,
  ) {
    super('INVALID_BUCKET_NAME', `invalid bucket name ${quote(bucket)}: ${reason}`);
  }
}

export class InvalidObjectKeyError extends ObjectStorageError {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super('INVALID_OBJECT_KEY', `invalid object key ${quote(key)}: ${reason}`);
  }
}

export class BucketNotFoundError extends ObjectStorageError {
  constructor(readonly bucket: string) {
    super('BUCKET_NOT_FOUND', `bucket ${quote(bucket)} does not exist`);
  }
}

export class ObjectNotFoundError extends ObjectStorageError {
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super('OBJECT_NOT_FOUND', `object ${quote(key)} does not exist in bucket ${quote(bucket)}`);
  }
}

/** Local disk only: a key cannot be both an object and the folder of other objects ('a' and 'a/b'). */
export class ObjectKeyConflictError extends ObjectStorageError {
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(
      'OBJECT_KEY_CONFLICT',
      `object key ${quote(key)} in bucket ${quote(bucket)} clashes with another key used as its folder or sub-path`,
    );
  }
}

export class InvalidRangeError extends ObjectStorageError {
  constructor(reason: string) {
    super('INVALID_RANGE', `invalid byte range: ${reason}`);
  }
}

/** The body delivered a different number of bytes than the caller declared. */
export class ObjectSizeMismatchError extends ObjectStorageError {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super('OBJECT_SIZE_MISMATCH', `expected ${expected} bytes but the body ${received > expected ? 'carried more' : `ended after ${received}`}`);
  }
}

export class MultipartUploadNotFoundError extends ObjectStorageError {
  constructor(readonly uploadId: string) {
    super('MULTIPART_UPLOAD_NOT_FOUND', `multipart upload ${quote(uploadId)} does not exist (never started, completed or aborted)`);
  }
}

/** A part list that cannot be assembled: missing part, etag mismatch, duplicate, or a non-last part that is too small. */
export class InvalidPartError extends ObjectStorageError {
  constructor(reason: string) {
    super('INVALID_PART', `cannot complete the multipart upload: ${reason}`);
  }
}

/** A part longer than the part size the upload declared (the local store writes parts in place). */
export class PartLargerThanPlannedError extends ObjectStorageError {
  constructor(partNumber: number, size: number, partSize: number) {
    super('PART_LARGER_THAN_PLANNED', `part ${partNumber} has ${size} bytes; this upload's parts have ${partSize}`);
  }
}

/** A caller mistake in an argument other than the bucket or key: part number, size, expiry, download name. */
export class InvalidStorageArgumentError extends ObjectStorageError {
  constructor(reason: string) {
    super('INVALID_ARGUMENT', reason);
  }
}

/** Keys can be long or hold control characters; messages stay one readable line. */
function quote(value: string): string {
  const shown = value.length > 120 ? `${value.slice(0, 120)}…` : value;
  return JSON.stringify(shown);
}
