import { ErrorCode } from '@mkt/contracts';
import { AppError, BucketNotFoundError, MultipartUploadNotFoundError } from '@mkt/platform';
import { storageRefusal } from './storage-refusal.js';

describe('storageRefusal', () => {
  it('tells the uploader to upload again when the store no longer has the session', () => {
    const refusal = storageRefusal(new MultipartUploadNotFoundError('u-1'));
    expect([refusal.code, refusal.httpStatus, refusal.messageKey]).toEqual([ErrorCode.UPLOAD_SESSION_LOST, 410, 'uploadSessionLost']);
  });

  it('tells the uploader to finish again later when the store fails in any other way', () => {
    for (const failure of [new BucketNotFoundError('originals'), Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:9000'), { code: 'ECONNREFUSED' }), 'AccessDenied']) {
      const refusal = storageRefusal(failure);
      expect([refusal.code, refusal.httpStatus, refusal.messageKey]).toEqual([ErrorCode.STORAGE_UNAVAILABLE, 503, 'storageUnavailable']);
    }
  });

  it('passes a refusal already in words through', () => {
    const incomplete = new AppError(ErrorCode.UPLOAD_INCOMPLETE, 'uploadIncomplete');
    expect(storageRefusal(incomplete)).toBe(incomplete);
  });
});
