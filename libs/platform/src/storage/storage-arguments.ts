import { InvalidPartError, InvalidStorageArgumentError } from './object-storage.errors.js';
import {
  MAX_PART_NUMBER,
  MAX_SIGNED_URL_SECONDS,
  MIN_PART_NUMBER,
  type CompletedPart,
} from './object-storage.port.js';

/** Checks shared by the adapters, so a mistake fails the same way (and before any I/O) everywhere. */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export function assertPartNumber(partNumber: unknown): asserts partNumber is number {
  if (!Number.isInteger(partNumber) || (partNumber as number) < MIN_PART_NUMBER || (partNumber as number) > MAX_PART_NUMBER) {
    throw new InvalidStorageArgumentError(`part number must be an integer from ${MIN_PART_NUMBER} to ${MAX_PART_NUMBER}, got ${String(partNumber)}`);
  }
}

export function assertByteSize(size: unknown, what: string, max = Number.MAX_SAFE_INTEGER): asserts size is number {
  if (!Number.isSafeInteger(size) || (size as number) < 0 || (size as number) > max) {
    throw new InvalidStorageArgumentError(`${what} must be a whole number of bytes from 0 to ${max}, got ${String(size)}`);
  }
}

export function assertExpiry(expiresInSeconds: unknown): asserts expiresInSeconds is number {
  if (!Number.isInteger(expiresInSeconds) || (expiresInSeconds as number) < 1 || (expiresInSeconds as number) > MAX_SIGNED_URL_SECONDS) {
    throw new InvalidStorageArgumentError(
      `a signed link must expire in 1 to ${MAX_SIGNED_URL_SECONDS} whole seconds (S3's limit), got ${String(expiresInSeconds)}`,
    );
  }
}

export function assertDownloadName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 255 || CONTROL_CHARACTER.test(name)) {
    throw new InvalidStorageArgumentError('a download name must be 1 to 255 characters without control characters');
  }
}

/** The type ends up in a response header, so nothing that could split or forge headers gets through. */
export function normalizeContentType(contentType: string | undefined): string {
  if (contentType === undefined || contentType.trim() === '') return DEFAULT_CONTENT_TYPE;
  if (contentType.length > 255 || CONTROL_CHARACTER.test(contentType) || !/^[\x20-\x7e]+$/.test(contentType)) {
    throw new InvalidStorageArgumentError('a content type must be printable ASCII of at most 255 characters');
  }
  return contentType.trim();
}

/** S3 quotes etags in headers and XML; compare and store them bare (but otherwise untouched: they are opaque). */
export function normalizeEtag(etag: string): string {
  return etag.replace(/"/g, '').trim();
}

/** Completion wants ascending part numbers; browsers finish parts in any order, so sort here once. */
export function orderCompletedParts(parts: readonly CompletedPart[]): CompletedPart[] {
  if (!Array.isArray(parts) || parts.length === 0) throw new InvalidPartError('the part list is empty');
  const ordered = parts
    .map((part) => {
      assertPartNumber(part?.partNumber);
      if (typeof part.etag !== 'string' || normalizeEtag(part.etag) === '') {
        throw new InvalidPartError(`part ${part.partNumber} has no etag`);
      }
      return { partNumber: part.partNumber, etag: normalizeEtag(part.etag) };
    })
    .sort((a, b) => a.partNumber - b.partNumber);
  for (let i = 1; i < ordered.length; i += 1) {
    if (ordered[i].partNumber === ordered[i - 1].partNumber) {
      throw new InvalidPartError(`part ${ordered[i].partNumber} is listed twice`);
    }
  }
  return ordered;
}
