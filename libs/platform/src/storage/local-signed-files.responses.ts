import type { ServerResponse } from 'node:http';
import { ErrorCode, failureEnvelope } from '@mkt/contracts';
import { endWithJson } from '../http/raw-response.js';

/**
 * Refusals of the signed-file routes, in the store API's envelope. These routes are hit by
 * browsers and players following a link, not by our API client, so the text is static and in
 * both languages rather than negotiated.
 */
export const signedFileRefusals = {
  linkExpired: { status: 403, code: ErrorCode.FORBIDDEN, message: 'This link has expired. 链接已过期。' },
  linkInvalid: { status: 403, code: ErrorCode.FORBIDDEN, message: 'This link is invalid. 链接无效。' },
  fileNotFound: { status: 404, code: ErrorCode.NOT_FOUND, message: 'The file does not exist. 文件不存在。' },
  uploadNotFound: { status: 404, code: ErrorCode.NOT_FOUND, message: 'The upload does not exist or has ended. 上传不存在或已结束。' },
  rangeNotSatisfiable: { status: 416, code: ErrorCode.VALIDATION_FAILED, message: 'The requested byte range is outside the file. 请求的字节范围超出文件。' },
  lengthRequired: { status: 411, code: ErrorCode.VALIDATION_FAILED, message: 'Send the part with a Content-Length header. 上传分片需要 Content-Length。' },
  partTooLarge: { status: 413, code: ErrorCode.VALIDATION_FAILED, message: 'A part may be at most 64 MiB. 单个分片不能超过 64 MiB。' },
  bodyAlreadyRead: { status: 415, code: ErrorCode.VALIDATION_FAILED, message: 'Send the part as application/octet-stream. 请以 application/octet-stream 上传分片。' },
  partLargerThanPlanned: { status: 400, code: ErrorCode.VALIDATION_FAILED, message: 'The part is larger than this upload’s part size; send the file again from the start. 分片大于本次上传的分片大小，请重新上传该文件。' },
  partIncomplete: { status: 400, code: ErrorCode.VALIDATION_FAILED, message: 'The part did not arrive complete. 分片未完整到达。' },
  badRequest: { status: 400, code: ErrorCode.VALIDATION_FAILED, message: 'The request is not valid for this file. 请求无效。' },
} as const;

export type SignedFileRefusal = (typeof signedFileRefusals)[keyof typeof signedFileRefusals];

export function refuse(response: ServerResponse, refusal: SignedFileRefusal): void {
  response.setHeader('Cache-Control', 'no-store');
  endWithJson(response, refusal.status, failureEnvelope(refusal.code, refusal.message));
}
