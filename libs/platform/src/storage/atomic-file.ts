import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { ObjectSizeMismatchError } from './object-storage.errors.js';

/**
 * Write-then-rename: bytes go to a temporary file, are flushed to disk, and only then renamed
 * over the target, so readers see the old file or the new one, never a part of one, and a
 * crash leaves at worst an orphan in the temp folder.
 */

export interface WrittenTempFile {
  path: string;
  md5: string;
  size: number;
  /** The inode number; survives the rename, so it identifies this content at its final path. */
  fileId: string;
}

export async function writeTempFile(
  tempDir: string,
  body: Buffer | Readable | AsyncIterable<Buffer>,
  expectedSize?: number,
): Promise<WrittenTempFile> {
  const path = join(tempDir, `${randomUUID()}.tmp`);
  const handle = await open(path, 'wx', 0o644);
  let handleOpen = true;
  try {
    const hash = createHash('md5');
    let size = 0;
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
      const buffer: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      // Stop reading as soon as the body is longer than declared, rather than filling the disk.
      if (expectedSize !== undefined && size > expectedSize) throw new ObjectSizeMismatchError(expectedSize, size);
      hash.update(buffer);
      await writeFully(handle, buffer);
    }
    if (expectedSize !== undefined && size !== expectedSize) throw new ObjectSizeMismatchError(expectedSize, size);
    await handle.sync();
    const stats = await handle.stat({ bigint: true });
    handleOpen = false;
    await handle.close();
    return { path, md5: hash.digest('hex'), size, fileId: String(stats.ino) };
  } catch (error) {
    if (handleOpen) await handle.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * Renames a finished temp file over `target`, creating its folders. Throws `conflict()` when a
 * part of the path is a file, or the target a folder (key 'a' versus key 'a/b').
 */
export async function moveIntoPlace(tempPath: string, target: string, conflict: () => Error): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(tempPath, target);
      await fsyncDirectory(dirname(target));
      return;
    } catch (error) {
      const code = errorCode(error);
      // A concurrent delete may prune the now-empty folder between our mkdir and rename.
      if (code === 'ENOENT' && attempt < 3) continue;
      if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTEMPTY') throw conflict();
      throw error;
    }
  }
}

/** Makes a rename durable: the new directory entry is on disk, not only the file's bytes. */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms cannot open or sync a directory; the rename itself has still happened.
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

export async function md5OfFile(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The most one write call carries. On a two-core virtual machine (Linux 6.18), 200 MB written in
 * 1 MB parts, 10 at a time, took 50-60 ms into a fresh file but 520-550 ms in most rounds once
 * another such file had just been written, every part written in one call; in calls of 512 KB,
 * 256 KB and 128 KB the slow rounds came later and fewer (2, 1 and 0 of 12), in 64 KB none, at
 * 65-95 ms. The system gives a large write large page-cache folios, and there those often came
 * from memory the host had to provide afresh. 128 KB calls cost a few more trips to the thread
 * pool and nothing measurable elsewhere.
 */
const WRITE_CALL_BYTES = 128 * 1024;
/** Writes all of `buffer` at `position` of the file (null: where the file's offset is), in calls of at most 128 KB. */
export async function writeFully(handle: FileHandle, buffer: Buffer, position: number | null = null): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const length = Math.min(WRITE_CALL_BYTES, buffer.length - offset);
    const { bytesWritten } = await handle.write(buffer, offset, length, position === null ? null : position + offset);
    offset += bytesWritten;
  }
}
