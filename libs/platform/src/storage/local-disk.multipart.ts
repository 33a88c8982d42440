import { randomUUID } from 'node:crypto';
import { readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode, fsyncDirectory, moveIntoPlace, writeTempFile } from './atomic-file.js';
import { MultipartUploadNotFoundError } from './object-storage.errors.js';
import type { ObjectBody } from './object-storage.port.js';
import type { LocalDiskLayout } from './local-disk.layout.js';

export interface MultipartManifest {
  bucket: string;
  key: string;
  contentType: string;
  initiatedAt: string;
}

export interface StoredPartFile {
  partNumber: number;
  etag: string;
  size: number;
  path: string;
}

/** Upload ids are ours (random UUIDs); anything else is refused before it can name a path. */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `<part number>.<md5>.part`: one rename publishes a part together with its etag. */
const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})\.part$/;
const MANIFEST = 'manifest.json';

/**
 * The unfinished multipart uploads of the local disk store, one folder each. Everything is on
 * disk, so an upload survives a restart and a client can resume it from `parts()`.
 */
export class LocalMultipartUploads {
  constructor(private readonly layout: LocalDiskLayout) {}

  async create(bucket: string, key: string, contentType: string): Promise<string> {
    const uploadId = randomUUID();
    const manifest: MultipartManifest = { bucket, key, contentType, initiatedAt: new Date().toISOString() };
    const temp = await writeTempFile(this.layout.tempDir, Buffer.from(JSON.stringify(manifest)));
    try {
      await moveIntoPlace(temp.path, join(this.layout.uploadDir(uploadId), MANIFEST), () => new Error('upload folder clash'));
    } catch (error) {
      await rm(temp.path, { force: true });
      throw error;
    }
    return uploadId;
  }

  /** The upload's manifest; an unknown id, or one started for another object, does not exist for this caller. */
  async manifest(uploadId: string, bucket: string, key: string): Promise<MultipartManifest> {
    const manifest = await this.readManifest(uploadId);
    if (!manifest || manifest.bucket !== bucket || manifest.key !== key) throw new MultipartUploadNotFoundError(uploadId);
    return manifest;
  }

  /** Whether the id names an unfinished upload of this object; malformed or foreign ids simply do not. */
  async isUploadOf(uploadId: string, bucket: string, key: string): Promise<boolean> {
    if (typeof uploadId !== 'string' || !UPLOAD_ID.test(uploadId)) return false;
    const manifest = await this.readManifest(uploadId);
    return manifest !== null && manifest.bucket === bucket && manifest.key === key;
  }

  async storePart(uploadId: string, bucket: string, key: string, partNumber: number, body: ObjectBody, size: number): Promise<string> {
    await this.manifest(uploadId, bucket, key);
    const temp = await writeTempFile(this.layout.tempDir, body, size);
    const uploadDir = this.layout.uploadDir(uploadId);
    const name = `${partNumber}.${temp.md5}.part`;
    try {
      // No mkdir here: if an abort removed the folder meanwhile, the part must not bring it back.
      await rename(temp.path, join(uploadDir, name));
      await fsyncDirectory(uploadDir);
    } catch (error) {
      await rm(temp.path, { force: true });
      if (errorCode(error) === 'ENOENT') throw new MultipartUploadNotFoundError(uploadId);
      throw error;
    }
    await this.removeOtherVersions(uploadDir, partNumber, name);
    return temp.md5;
  }

  async parts(uploadId: string, bucket: string, key: string): Promise<StoredPartFile[]> {
    await this.manifest(uploadId, bucket, key);
    const uploadDir = this.layout.uploadDir(uploadId);
    let names: string[];
    try {
      names = await readdir(uploadDir);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') throw new MultipartUploadNotFoundError(uploadId);
      throw error;
    }
    const parts = new Map<number, StoredPartFile & { modified: number }>();
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const path = join(uploadDir, name);
      const info = await stat(path).catch((error: unknown) => {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      });
      if (!info) continue;
      const part = { partNumber: Number(match[1]), etag: match[2], size: info.size, path, modified: info.mtimeMs };
      const seen = parts.get(part.partNumber);
      // Two versions exist only for an instant while a re-upload replaces a part: the newer one wins.
      if (!seen || seen.modified < part.modified) parts.set(part.partNumber, part);
    }
    return [...parts.values()]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map(({ partNumber, etag, size, path }) => ({ partNumber, etag, size, path }));
  }

  async remove(uploadId: string): Promise<void> {
    if (!UPLOAD_ID.test(uploadId)) return;
    await rm(this.layout.uploadDir(uploadId), { recursive: true, force: true });
  }

  assertUploadIdFormat(uploadId: string): void {
    if (typeof uploadId !== 'string' || !UPLOAD_ID.test(uploadId)) throw new MultipartUploadNotFoundError(String(uploadId));
  }

  private async readManifest(uploadId: string): Promise<MultipartManifest | null> {
    this.assertUploadIdFormat(uploadId);
    try {
      return JSON.parse(await readFile(join(this.layout.uploadDir(uploadId), MANIFEST), 'utf8')) as MultipartManifest;
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    }
  }

  private async removeOtherVersions(uploadDir: string, partNumber: number, keep: string): Promise<void> {
    const names = await readdir(uploadDir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name !== keep && PART_FILE.exec(name)?.[1] === String(partNumber))
        .map((name) => rm(join(uploadDir, name), { force: true })),
    );
  }
}
