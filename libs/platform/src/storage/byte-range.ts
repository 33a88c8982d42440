import { InvalidRangeError } from './object-storage.errors.js';
import type { ByteRange } from './object-storage.port.js';

export interface ResolvedRange {
  start: number;
  end: number;
}

/** Rejects ranges that are wrong whatever the object: negative, fractional, or ending before they start. */
export function assertRangeShape(range: ByteRange): void {
  if (!Number.isSafeInteger(range.start) || range.start < 0) {
    throw new InvalidRangeError(`start must be a whole number of bytes >= 0, got ${String(range.start)}`);
  }
  if (range.end !== undefined && (!Number.isSafeInteger(range.end) || range.end < range.start)) {
    throw new InvalidRangeError(`end must be a whole number >= start (${range.start}), got ${String(range.end)}`);
  }
}

/**
 * Fits a requested range to an object of `totalSize` bytes the way S3 does: an end past the
 * object is clamped, a start at or past the end of the object (including any range of an empty
 * object) is unsatisfiable.
 */
export function resolveByteRange(range: ByteRange, totalSize: number): ResolvedRange {
  assertRangeShape(range);
  if (range.start >= totalSize) {
    throw new InvalidRangeError(`start ${range.start} is not inside an object of ${totalSize} bytes`);
  }
  return { start: range.start, end: Math.min(range.end ?? totalSize - 1, totalSize - 1) };
}

export type HttpRangeRequest =
  | { kind: 'whole' }
  | { kind: 'range'; range: ResolvedRange }
  | { kind: 'unsatisfiable' };

/**
 * Reads an HTTP `Range` header (RFC 9110 section 14) for an object of `totalSize` bytes. Only one
 * byte range is served; several ranges or a header we cannot read mean "send the whole object",
 * which the RFC allows and every player handles.
 */
export function parseHttpRangeHeader(header: string | undefined, totalSize: number): HttpRangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffixLength = Number(last);
    if (suffixLength === 0 || totalSize === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, totalSize - suffixLength), end: totalSize - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  // "bytes=5-2" is malformed (ignored); "bytes=20-" on 20 bytes is well-formed but outside the file.
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= totalSize) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end: Math.min(end, totalSize - 1) } };
}
