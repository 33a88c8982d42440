import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode, fsyncDirectory, moveIntoPlace, writeFully, writeTempFile } from './atomic-file.js';
import { readExactly } from './exact-body.js';
import { CoalescedSync } from './coalesced-sync.js';
import { MultipartUploadNotFoundError, PartLargerThanPlannedError } from './object-storage.errors.js';
import type { ObjectBody } from './object-storage.port.js';
import type { LocalDiskLayout } from './local-disk.layout.js';

export interface MultipartManifest {
  bucket: string;
  key: string;
  contentType: string;
  initiatedAt: string;
  /**
   * Declared when the upload began: every part but the last has this size, so each part is
   * written in place into the upload's one data file, and completing it is a rename.
   */
  partSize?: number;
}

export interface StoredPartFile {
  partNumber: number;
  etag: string;
  size: number;
  /** The part's own file; for parts written in place, the upload's data file. */
  path: string;
}

/** Upload ids are ours (random UUIDs); anything else is refused before it can name a path. */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `<part number>.<md5>.part`: one rename publishes a part together with its etag. */
const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})\.part$/;
/** `<part number>.<md5>.<size>.slot`: an empty file saying the part's bytes are in place in DATA. */
const SLOT_FILE = /^(\d{1,5})\.([0-9a-f]{32})\.(\d{1,12})\.slot$/;
const MANIFEST = 'manifest.json';
const DATA = 'data';

/**
 * The unfinished multipart uploads of the local disk store, one folder each. Everything is on
 * disk, so an upload survives a restart and a client can resume it from `parts()`.
 */
export class LocalMultipartUploads {
  private readonly syncs = new CoalescedSync();
  /** Manifests never change once written; an upload removed meanwhile fails at its first write. */
  private readonly manifests = new Map<string, MultipartManifest>();
  /** Writes of one part number of one upload, one at a time (a retry racing the original). */
  private readonly slotWrites = new Map<string, Promise<unknown>>();

  constructor(private readonly layout: LocalDiskLayout) {}

  async create(bucket: string, key: string, contentType: string, partSize?: number): Promise<string> {
    const uploadId = randomUUID();
    const manifest: MultipartManifest = { bucket, key, contentType, initiatedAt: new Date().toISOString(), ...(partSize ? { partSize } : {}) };
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
    const { partSize } = await this.manifest(uploadId, bucket, key);
    if (partSize) return this.storePartInPlace(uploadId, partSize, partNumber, body, size);
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

  /**
   * A part of an upload with a declared part size: its bytes written at its place in the data
   * file and flushed, then its slot file created and flushed, so a listed part is always on disk.
   * An earlier version of the part is withdrawn (its slot removed and flushed) before its bytes
   * are overwritten, so a crash in between leaves the part missing, never listed with other bytes.
   */
  private async storePartInPlace(uploadId: string, partSize: number, partNumber: number, body: ObjectBody, size: number): Promise<string> {
    if (size > partSize) throw new PartLargerThanPlannedError(partNumber, size, partSize);
    // The bytes arrive while the earlier version is looked for: the network is the slow part. In
    // memory (a part is a few megabytes), so one write call replaces one per network chunk.
    const received = readExactly(body, size);
    received.catch(() => undefined);
    const uploadDir = this.layout.uploadDir(uploadId);
    const lock = `${uploadId}:${partNumber}`;
    const write = (this.slotWrites.get(lock) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        try {
          const earlier = (await readdir(uploadDir)).filter((name) => SLOT_FILE.exec(name)?.[1] === String(partNumber));
          if (earlier.length > 0) {
            await Promise.all(earlier.map((name) => rm(join(uploadDir, name), { force: true })));
            await this.syncs.sync(uploadDir);
          }
          const bytes = await received;
          const dataPath = join(uploadDir, DATA);
          await writeAt(dataPath, (partNumber - 1) * partSize, bytes);
          await this.syncs.sync(dataPath);
          const md5 = createHash('md5').update(bytes).digest('hex');
          // 'wx': no mkdir and no overwrite; an abort that removed the folder meanwhile wins.
          await writeFile(join(uploadDir, `${partNumber}.${md5}.${size}.slot`), '', { flag: 'wx' }).catch((error: unknown) => {
            if (errorCode(error) !== 'EEXIST') throw error;
          });
          await this.syncs.sync(uploadDir);
          return md5;
        } catch (error) {
          if (errorCode(error) === 'ENOENT') throw new MultipartUploadNotFoundError(uploadId);
          throw error;
        }
      });
    this.slotWrites.set(lock, write);
    try {
      return await write;
    } finally {
      if (this.slotWrites.get(lock) === write) this.slotWrites.delete(lock);
    }
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
      const slot = SLOT_FILE.exec(name);
      if (slot) {
        // One slot per part at a time: a new version withdraws the old slot before writing.
        parts.set(Number(slot[1]), { partNumber: Number(slot[1]), etag: slot[2]!, size: Number(slot[3]), path: join(uploadDir, DATA), modified: 0 });
        continue;
      }
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

  /** The data file of an upload whose parts were written in place. */
  dataPath(uploadId: string): string {
    this.assertUploadIdFormat(uploadId);
    return join(this.layout.uploadDir(uploadId), DATA);
  }

  async remove(uploadId: string): Promise<void> {
    if (!UPLOAD_ID.test(uploadId)) return;
    this.manifests.delete(uploadId);
    await rm(this.layout.uploadDir(uploadId), { recursive: true, force: true });
  }

  assertUploadIdFormat(uploadId: string): void {
    if (typeof uploadId !== 'string' || !UPLOAD_ID.test(uploadId)) throw new MultipartUploadNotFoundError(String(uploadId));
  }

  private async readManifest(uploadId: string): Promise<MultipartManifest | null> {
    this.assertUploadIdFormat(uploadId);
    const known = this.manifests.get(uploadId);
    if (known) return known;
    try {
      const manifest = JSON.parse(await readFile(join(this.layout.uploadDir(uploadId), MANIFEST), 'utf8')) as MultipartManifest;
      if (this.manifests.size >= 10_000) this.manifests.clear();
      this.manifests.set(uploadId, manifest);
      return manifest;
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

/** Writes `bytes` at `offset` of the file, creating it. */
async function writeAt(path: string, offset: number, bytes: Buffer): Promise<void> {
  const handle = await open(path, fsConstants.O_RDWR | fsConstants.O_CREAT, 0o644);
  try {
    await writeFully(handle, bytes, offset);
  } finally {
    await handle.close();
  }
}
