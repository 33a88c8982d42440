import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectDownload } from './object-storage.port.js';

/**
 * Runs `use` with a temporary file holding a downloaded object's bytes, named like the object's
 * key (tools that look at the extension see it), and removes it afterwards, whatever `use` does.
 */
export async function withTemporaryCopy<T>(download: ObjectDownload, key: string, use: (path: string) => Promise<T>): Promise<T> {
  let dir: string;
  try {
    dir = await mkdtemp(join(tmpdir(), 'object-'));
  } catch (error) {
    download.stream.destroy();
    throw error;
  }
  try {
    const path = join(dir, basename(key));
    await pipeline(download.stream, createWriteStream(path));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
