import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode, moveIntoPlace, writeTempFile } from './atomic-file.js';
import type { LocalDiskLayout } from './local-disk.layout.js';

export interface LocalObjectMetadata {
  key: string;
  contentType: string;
  etag: string;
  size: number;
}

/**
 * The content type and etag of each object file, which a plain file cannot carry. One small JSON
 * file per object file, named after the file's inode (see LocalDiskLayout.metadataShard), written
 * before the object is renamed into place, so whatever file is at the key, its metadata exists.
 */
export class LocalObjectMetadataStore {
  constructor(private readonly layout: LocalDiskLayout) {}

  async read(bucket: string, key: string, fileId: string, size: number): Promise<LocalObjectMetadata | null> {
    let text: string;
    try {
      text = await readFile(this.layout.metadataPath(bucket, key, fileId), 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    }
    try {
      const metadata = JSON.parse(text) as LocalObjectMetadata;
      // An inode number can be reused after a file is deleted; key and size guard against stale records.
      if (metadata.key !== key || metadata.size !== size || typeof metadata.etag !== 'string') return null;
      return metadata;
    } catch {
      return null;
    }
  }

  async write(bucket: string, key: string, fileId: string, metadata: LocalObjectMetadata): Promise<void> {
    const temp = await writeTempFile(this.layout.tempDir, Buffer.from(JSON.stringify(metadata)));
    try {
      await moveIntoPlace(temp.path, this.layout.metadataPath(bucket, key, fileId), () => new Error('metadata path clash'));
    } catch (error) {
      await rm(temp.path, { force: true });
      throw error;
    }
  }

  /** Drops the records of files no longer at the key (replaced or deleted); `keepFileId` is the current file. */
  async removeStale(bucket: string, key: string, keepFileId: string | null): Promise<void> {
    const { dir, filePrefix } = this.layout.metadataShard(bucket, key);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      throw error;
    }
    const keep = keepFileId === null ? null : `${filePrefix}${keepFileId}.json`;
    await Promise.all(
      names
        .filter((name) => name.startsWith(filePrefix) && name !== keep)
        .map((name) => rm(join(dir, name), { force: true })),
    );
  }
}
