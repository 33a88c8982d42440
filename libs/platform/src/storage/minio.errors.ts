import {
  BucketNotFoundError,
  InvalidPartError,
  InvalidRangeError,
  MultipartUploadNotFoundError,
  ObjectNotFoundError,
  ObjectStorageError,
} from './object-storage.errors.js';

export interface S3ErrorContext {
  bucket: string;
  key?: string;
  uploadId?: string;
}

/** S3's error codes (as parsed by the minio client) turned into the port's typed errors; others pass through. */
export function translateS3Error(error: unknown, context: S3ErrorContext): unknown {
  if (error instanceof ObjectStorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  switch (s3ErrorCode(error)) {
    case 'NoSuchBucket':
      return new BucketNotFoundError(context.bucket);
    case 'NoSuchKey':
    case 'NotFound':
      return context.key === undefined ? error : new ObjectNotFoundError(context.bucket, context.key);
    case 'NoSuchUpload':
      return new MultipartUploadNotFoundError(context.uploadId ?? '');
    case 'InvalidPart':
    case 'InvalidPartOrder':
    case 'EntityTooSmall':
      return new InvalidPartError(message);
    case 'InvalidRange':
      return new InvalidRangeError(message);
    default:
      return error;
  }
}

export function s3ErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
