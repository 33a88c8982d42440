import { ErrorCode } from '@mkt/contracts';
import { AppError, MultipartUploadNotFoundError } from '@mkt/platform';

/**
 * What an uploader is told when the file store fails while an upload is being finished: a session
 * the store no longer has means uploading again (410); anything else (the store unreachable,
 * refusing the application's key, answering nonsense) is temporary from the uploader's side, and
 * the parts already sent stay, so finishing again later is the way on (503).
 */
export function storageRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof MultipartUploadNotFoundError) return new AppError(ErrorCode.UPLOAD_SESSION_LOST, 'uploadSessionLost');
  return new AppError(ErrorCode.STORAGE_UNAVAILABLE, 'storageUnavailable');
}
