import type { Hash } from 'node:crypto';
import { ObjectSizeMismatchError } from './object-storage.errors.js';
import type { ObjectBody } from './object-storage.port.js';

/**
 * A body of exactly `size` bytes, in memory, for bodies known to be small (one upload part).
 * Reading stops as soon as the body is longer than declared, rather than buffering the excess.
 */
export async function readExactly(body: ObjectBody, size: number, hash?: Hash): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length !== size) throw new ObjectSizeMismatchError(size, body.length);
    hash?.update(body);
    return body;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body) {
    const buffer: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    received += buffer.length;
    if (received > size) throw new ObjectSizeMismatchError(size, received);
    // Hashed as the chunks arrive, between network reads, instead of in one block afterwards.
    hash?.update(buffer);
    chunks.push(buffer);
  }
  if (received !== size) throw new ObjectSizeMismatchError(size, received);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
