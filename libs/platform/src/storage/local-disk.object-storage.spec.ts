import { jest } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, open, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskObjectStorage } from './local-disk.object-storage.js';
import { MultipartUploadNotFoundError, ObjectKeyConflictError, ObjectNotFoundError, ObjectSizeMismatchError, PartLargerThanPlannedError } from './object-storage.errors.js';
import { describeObjectStorageContract, md5, readAll } from './storage.contract.js';
import { startLocalStorageTestApp } from './testing/local-storage.test-app.js';

/** The etag of a part written in place: the first 128 bits of its SHA-256. */
function partEtag(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

describeObjectStorageContract('local disk, links served by a Nest app on loopback', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'storage-local-'));
  const app = await startLocalStorageTestApp(dataDir);
  return {
    storage: app.storage,
    dispose: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe('LocalDiskObjectStorage on disk', () => {
  const secret = 'a-signing-secret-of-at-least-32-characters';
  let dataDir: string;
  let storage: LocalDiskObjectStorage;
  const objects = () => join(dataDir, 'objects');

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'storage-local-disk-'));
    storage = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: secret });
    await storage.ensureBucket('originals');
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps each object as a plain file at <dataDir>/objects/<bucket>/<key>', async () => {
    await storage.put('originals', '素材/2024/clip 1.mov', Buffer.from('movie bytes'));
    expect(await readFile(join(objects(), 'originals', '素材', '2024', 'clip 1.mov'), 'utf8')).toBe('movie bytes');
  });

  it('hands over the stored file itself as the local file (no copy of an original)', async () => {
    await storage.put('originals', '素材/clip 1.mov', Buffer.from('movie bytes'));
    const path = await storage.withLocalFile('originals', '素材/clip 1.mov', async (file) => file);
    expect(path).toBe(join(objects(), 'originals', '素材', 'clip 1.mov'));
    await expect(storage.withLocalFile('nowhere', 'clip.mov', async () => 'never')).rejects.toThrow(/bucket/i);
  });

  it('never shows a half-written object, and leaves no temp file behind', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const body = Readable.from(
      (async function* () {
        yield Buffer.alloc(500_000, 1);
        await released;
        yield Buffer.alloc(500_000, 2);
      })(),
    );
    const writing = storage.put('originals', 'slow/upload.bin', body);
    await waitUntil(async () => (await readdir(join(objects(), '.tmp'))).length === 1);
    expect(await storage.stat('originals', 'slow/upload.bin')).toBeNull();
    expect(await storage.list('originals', 'slow/')).toEqual([]);
    release();
    await writing;
    expect((await storage.stat('originals', 'slow/upload.bin'))?.size).toBe(1_000_000);
    expect(await readdir(join(objects(), '.tmp'))).toEqual([]);

    await expect(storage.put('originals', 'slow/broken.bin', Readable.from(failing()))).rejects.toThrow('connection lost');
    expect(await readdir(join(objects(), '.tmp'))).toEqual([]);
  });

  it('uses the MD5 of the content as the etag of objects and parts', async () => {
    const body = randomBytes(3000);
    expect((await storage.put('originals', 'etag.bin', body)).etag).toBe(md5(body));
    expect((await storage.stat('originals', 'etag.bin'))?.etag).toBe(md5(body));
    const uploadId = await storage.createMultipartUpload('originals', 'etag-multipart.bin');
    expect(await storage.uploadPart('originals', 'etag-multipart.bin', uploadId, 1, body, body.length)).toBe(md5(body));
  });

  it('keeps parts under .multipart/<uploadId>/ until completion, then removes them', async () => {
    const part = randomBytes(storage.minPartSize);
    const uploadId = await storage.createMultipartUpload('originals', 'assembled.bin');
    const first = await storage.uploadPart('originals', 'assembled.bin', uploadId, 1, part, part.length);
    const second = await storage.uploadPart('originals', 'assembled.bin', uploadId, 2, Buffer.from('tail'), 4);
    expect((await readdir(join(objects(), '.multipart', uploadId))).sort()).toEqual(
      ['manifest.json', `1.${first}.part`, `2.${second}.part`].sort(),
    );
    await storage.completeMultipartUpload('originals', 'assembled.bin', uploadId, [
      { partNumber: 2, etag: second },
      { partNumber: 1, etag: first },
    ]);
    expect(await readdir(join(objects(), '.multipart'))).toEqual([]);
    expect(await readdir(join(objects(), '.tmp'))).toEqual([]);
    expect(md5(await readFile(join(objects(), 'originals', 'assembled.bin')))).toBe(md5(Buffer.concat([part, Buffer.from('tail')])));
  });

  it('writes the parts of an upload with a declared part size in place, and completes it by a rename', async () => {
    const partSize = storage.minPartSize;
    const parts = [randomBytes(partSize), randomBytes(partSize), Buffer.from('tail')];
    const uploadId = await storage.createMultipartUpload('originals', 'in-place.mp4', { contentType: 'video/mp4', partSize });
    const etags = await Promise.all(parts.map((part, i) => storage.uploadPart('originals', 'in-place.mp4', uploadId, 3 - i, parts[2 - i]!, parts[2 - i]!.length)));
    const [third, second, first] = etags;
    expect(etags).toEqual([parts[2]!, parts[1]!, parts[0]!].map(partEtag));
    expect((await readdir(join(objects(), '.multipart', uploadId))).sort()).toEqual(['data', 'manifest.json', 'parts.journal']);
    const dataInode = (await stat(join(objects(), '.multipart', uploadId, 'data'))).ino;
    // Resumable after a restart, from the journal.
    const restarted = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: secret });
    expect(await restarted.listParts('originals', 'in-place.mp4', uploadId)).toEqual([
      { partNumber: 1, etag: first, size: partSize },
      { partNumber: 2, etag: second, size: partSize },
      { partNumber: 3, etag: third, size: 4 },
    ]);
    const stored = await restarted.completeMultipartUpload('originals', 'in-place.mp4', uploadId, [
      { partNumber: 1, etag: first! },
      { partNumber: 2, etag: second! },
      { partNumber: 3, etag: third! },
    ]);
    // S3's multipart etag, and the very file the parts were written into.
    const digests = Buffer.concat([first!, second!, third!].map((etag) => Buffer.from(etag, 'hex')));
    expect(stored).toEqual({ etag: `${md5(digests)}-3`, size: partSize * 2 + 4 });
    const object = join(objects(), 'originals', 'in-place.mp4');
    expect((await stat(object)).ino).toBe(dataInode);
    expect(md5(await readFile(object))).toBe(md5(Buffer.concat(parts)));
    expect(await restarted.stat('originals', 'in-place.mp4')).toMatchObject({ size: partSize * 2 + 4, etag: stored.etag, contentType: 'video/mp4' });
    expect(await readdir(join(objects(), '.multipart'))).toEqual([]);
  });

  describe('writing an in-place upload back while its parts arrive', () => {
    /** The prototype of the handles fs/promises opens, whose datasync the write-behind calls. */
    async function fileHandlePrototype(): Promise<{ datasync: () => Promise<void> }> {
      const handle = await open(join(dataDir, 'probe'), 'w');
      await handle.close();
      return Object.getPrototypeOf(handle) as { datasync: () => Promise<void> };
    }

    /** 33 parts of 1 MB and a tail: past the 32 MB after which the data file is flushed in the background. */
    async function uploadPastOneWriteBack(key: string): Promise<{ uploadId: string; parts: { partNumber: number; etag: string }[]; bytes: Buffer }> {
      const partSize = storage.minPartSize;
      const uploadId = await storage.createMultipartUpload('originals', key, { partSize });
      const bodies = [...Array.from({ length: 33 }, () => randomBytes(partSize)), Buffer.from('tail')];
      const parts: { partNumber: number; etag: string }[] = [];
      for (const [i, body] of bodies.entries()) parts.push({ partNumber: i + 1, etag: await storage.uploadPart('originals', key, uploadId, i + 1, body, body.length) });
      return { uploadId, parts, bytes: Buffer.concat(bodies) };
    }

    afterEach(() => jest.restoreAllMocks());

    it('flushes the data file before the upload completes, and the object holds every byte', async () => {
      const datasync = jest.spyOn(await fileHandlePrototype(), 'datasync');
      const { uploadId, parts, bytes } = await uploadPastOneWriteBack('written-back.mp4');
      expect(datasync).toHaveBeenCalled();
      await storage.completeMultipartUpload('originals', 'written-back.mp4', uploadId, parts);
      expect(md5(await readFile(join(objects(), 'originals', 'written-back.mp4')))).toBe(md5(bytes));
    });

    it('refuses to complete an upload whose background write-back failed, until it is aborted; its parts stay listed', async () => {
      const failure = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
      jest.spyOn(await fileHandlePrototype(), 'datasync').mockRejectedValueOnce(failure);
      const { uploadId, parts } = await uploadPastOneWriteBack('lost-write-back.mp4');
      await expect(storage.completeMultipartUpload('originals', 'lost-write-back.mp4', uploadId, parts)).rejects.toThrow('EIO');
      await expect(storage.completeMultipartUpload('originals', 'lost-write-back.mp4', uploadId, parts)).rejects.toThrow('EIO');
      expect(await storage.listParts('originals', 'lost-write-back.mp4', uploadId)).toHaveLength(34);
      await expect(storage.stat('originals', 'lost-write-back.mp4')).resolves.toBeNull();
      await storage.abortMultipartUpload('originals', 'lost-write-back.mp4', uploadId);
      await expect(storage.listParts('originals', 'lost-write-back.mp4', uploadId)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
    });
  });

  it('lists the newest version of a re-sent in-place part, after a restart too, and ignores a journal line cut short by a crash', async () => {
    const partSize = storage.minPartSize;
    const key = 'resent.mp4';
    const uploadId = await storage.createMultipartUpload('originals', key, { partSize });
    const [old, fresh, tail] = [randomBytes(partSize), randomBytes(partSize), Buffer.from('tail')];
    await storage.uploadPart('originals', key, uploadId, 1, old, partSize);
    const resent = await storage.uploadPart('originals', key, uploadId, 1, fresh, partSize);
    expect(await storage.listParts('originals', key, uploadId)).toEqual([{ partNumber: 1, etag: partEtag(fresh), size: partSize }]);
    expect(resent).toBe(partEtag(fresh));

    // A crash in the middle of appending the next part's line.
    const journal = join(objects(), '.multipart', uploadId, 'parts.journal');
    await appendFile(journal, `2 ${partEtag(tail)}`);
    const restarted = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: secret });
    expect(await restarted.listParts('originals', key, uploadId)).toEqual([{ partNumber: 1, etag: resent, size: partSize }]);
    // The next writer ends the torn line first, so its own line counts.
    const two = await restarted.uploadPart('originals', key, uploadId, 2, tail, tail.length);
    expect(await restarted.listParts('originals', key, uploadId)).toEqual([
      { partNumber: 1, etag: resent, size: partSize },
      { partNumber: 2, etag: two, size: 4 },
    ]);
    await restarted.completeMultipartUpload('originals', key, uploadId, [{ partNumber: 1, etag: resent }, { partNumber: 2, etag: two }]);
    expect(md5(await readFile(join(objects(), 'originals', key)))).toBe(md5(Buffer.concat([fresh, tail])));
  });

  it('drops, after a restart, a part whose journal line reached the disk but whose bytes a crash lost', async () => {
    const partSize = storage.minPartSize;
    const key = 'crashed.mp4';
    const uploadId = await storage.createMultipartUpload('originals', key, { partSize });
    const [one, two, three] = [randomBytes(partSize), randomBytes(partSize), randomBytes(partSize)];
    for (const [index, part] of [one, two, three].entries()) await storage.uploadPart('originals', key, uploadId, index + 1, part, partSize);
    // Part 2's line and flush of its bytes ran together; the machine stopped before the bytes were down.
    const data = join(objects(), '.multipart', uploadId, 'data');
    const bytes = await readFile(data);
    bytes.fill(0, partSize, partSize * 2);
    await writeFile(data, bytes);

    const restarted = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: secret });
    expect(await restarted.listParts('originals', key, uploadId)).toEqual([
      { partNumber: 1, etag: partEtag(one), size: partSize },
      { partNumber: 3, etag: partEtag(three), size: partSize },
    ]);
    // The check is recorded: the next restart does not list it either, and sending it again completes the file.
    expect(await readFile(join(objects(), '.multipart', uploadId, 'parts.journal'), 'utf8')).toMatch(/\n2 - 0\n$/);
    await new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: secret }).uploadPart('originals', key, uploadId, 2, two, partSize);
    const again = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: secret });
    const listed = await again.listParts('originals', key, uploadId);
    expect(listed.map((part) => part.etag)).toEqual([one, two, three].map(partEtag));
    await again.completeMultipartUpload('originals', key, uploadId, listed);
    expect(md5(await readFile(join(objects(), 'originals', key)))).toBe(md5(Buffer.concat([one, two, three])));
  });

  it('takes over the slot files of uploads begun before the journal, and refuses parts once the upload is aborted', async () => {
    const partSize = storage.minPartSize;
    const key = 'older.mp4';
    const uploadId = await storage.createMultipartUpload('originals', key, { partSize });
    const first = randomBytes(partSize);
    const folder = join(objects(), '.multipart', uploadId);
    // What an earlier version left: the bytes in place and an empty slot file naming them.
    await writeFile(join(folder, 'data'), first);
    await writeFile(join(folder, `1.${'a'.repeat(32)}.${partSize}.slot`), '');
    expect(await storage.listParts('originals', key, uploadId)).toEqual([{ partNumber: 1, etag: 'a'.repeat(32), size: partSize }]);
    const two = await storage.uploadPart('originals', key, uploadId, 2, Buffer.from('end'), 3);
    expect((await readdir(folder)).sort()).toEqual(['data', 'manifest.json', 'parts.journal']);
    expect(await storage.listParts('originals', key, uploadId)).toEqual([
      { partNumber: 1, etag: 'a'.repeat(32), size: partSize },
      { partNumber: 2, etag: two, size: 3 },
    ]);

    // The upload's files are open from that part; the abort still wins over a later one.
    await storage.abortMultipartUpload('originals', key, uploadId);
    await expect(storage.uploadPart('originals', key, uploadId, 3, Buffer.from('late'), 4)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
    expect(await readdir(join(objects(), '.multipart'))).toEqual([]);
  });

  it('refuses in-place parts longer than declared, gaps, and short parts before the last, and stays usable', async () => {
    const partSize = storage.minPartSize;
    const uploadId = await storage.createMultipartUpload('originals', 'strict.bin', { partSize });
    await expect(storage.uploadPart('originals', 'strict.bin', uploadId, 1, randomBytes(partSize + 1), partSize + 1)).rejects.toBeInstanceOf(PartLargerThanPlannedError);
    // A body longer than its declared size never reaches the next part's bytes.
    await expect(storage.uploadPart('originals', 'strict.bin', uploadId, 1, Readable.from([randomBytes(10), randomBytes(10)]), 10)).rejects.toBeInstanceOf(ObjectSizeMismatchError);
    expect(await storage.listParts('originals', 'strict.bin', uploadId)).toEqual([]);
    const one = await storage.uploadPart('originals', 'strict.bin', uploadId, 1, Buffer.from('short'), 5);
    const three = await storage.uploadPart('originals', 'strict.bin', uploadId, 3, Buffer.from('end'), 3);
    await expect(storage.completeMultipartUpload('originals', 'strict.bin', uploadId, [{ partNumber: 1, etag: one }, { partNumber: 3, etag: three }])).rejects.toThrow(/without gaps/);
    const two = await storage.uploadPart('originals', 'strict.bin', uploadId, 2, Buffer.from('mid'), 3);
    await expect(
      storage.completeMultipartUpload('originals', 'strict.bin', uploadId, [{ partNumber: 1, etag: one }, { partNumber: 2, etag: two }, { partNumber: 3, etag: three }]),
    ).rejects.toThrow(/needs \d+/);
    // A single short part is a whole object.
    await expect(storage.completeMultipartUpload('originals', 'strict.bin', uploadId, [{ partNumber: 1, etag: one }])).resolves.toMatchObject({ size: 5 });
    expect((await readFile(join(objects(), 'originals', 'strict.bin'))).toString()).toBe('short');
  });

  it('resumes an unfinished upload after a restart', async () => {
    const part = randomBytes(storage.minPartSize);
    const uploadId = await storage.createMultipartUpload('originals', 'after-restart.mp4', { contentType: 'video/mp4' });
    const etag = await storage.uploadPart('originals', 'after-restart.mp4', uploadId, 1, part, part.length);

    const restarted = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: secret });
    expect(await restarted.listParts('originals', 'after-restart.mp4', uploadId)).toEqual([{ partNumber: 1, etag, size: part.length }]);
    const tail = await restarted.uploadPart('originals', 'after-restart.mp4', uploadId, 2, Buffer.from('end'), 3);
    await restarted.completeMultipartUpload('originals', 'after-restart.mp4', uploadId, [
      { partNumber: 1, etag },
      { partNumber: 2, etag: tail },
    ]);
    expect(await restarted.stat('originals', 'after-restart.mp4')).toMatchObject({ size: part.length + 3, contentType: 'video/mp4' });
  });

  it('rebuilds a lost metadata record from the file itself', async () => {
    const body = Buffer.from('still here');
    await storage.put('originals', 'orphan.txt', body, { contentType: 'text/plain' });
    await rm(join(objects(), '.meta'), { recursive: true, force: true });
    expect(await storage.stat('originals', 'orphan.txt')).toMatchObject({
      size: body.length,
      etag: md5(body),
      contentType: 'application/octet-stream',
    });
    expect((await readAll((await storage.get('originals', 'orphan.txt')).stream)).toString()).toBe('still here');
  });

  it('drops the metadata of replaced and deleted objects', async () => {
    await storage.put('originals', 'meta/replaced.txt', Buffer.from('one'));
    await storage.put('originals', 'meta/replaced.txt', Buffer.from('two'));
    await storage.put('originals', 'meta/deleted.txt', Buffer.from('three'));
    await storage.delete('originals', 'meta/deleted.txt');
    expect(await filesUnder(join(objects(), '.meta'))).toHaveLength(1);
  });

  it('refuses a key that is already the folder of other keys, or inside an object, and prunes emptied folders', async () => {
    await storage.put('originals', 'clash', Buffer.from('file'));
    await expect(storage.put('originals', 'clash/inner', Buffer.from('x'))).rejects.toBeInstanceOf(ObjectKeyConflictError);
    await storage.put('originals', 'folder/child', Buffer.from('x'));
    await expect(storage.put('originals', 'folder', Buffer.from('x'))).rejects.toBeInstanceOf(ObjectKeyConflictError);
    expect(await storage.stat('originals', 'folder')).toBeNull();
    await expect(storage.get('originals', 'folder')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('originals', 'folder')).resolves.toBeUndefined();
    expect(await readdir(join(objects(), '.tmp'))).toEqual([]);

    await storage.delete('originals', 'folder/child');
    await storage.put('originals', 'folder', Buffer.from('now a file'));
    expect((await storage.stat('originals', 'folder'))?.size).toBe(10);
  });

  it('treats upload ids it did not issue as unknown, without touching the file system', async () => {
    const key = 'anything.bin';
    for (const uploadId of ['../../originals', '..', 'not-a-uuid', '']) {
      await expect(storage.uploadPart('originals', key, uploadId, 1, Buffer.from('x'), 1)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
      await expect(storage.listParts('originals', key, uploadId)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
      await expect(storage.signedPartUploadUrl('originals', key, uploadId, 1, 60)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
      await expect(storage.abortMultipartUpload('originals', key, uploadId)).resolves.toBeUndefined();
    }
    const other = await storage.createMultipartUpload('originals', 'other.bin');
    await expect(storage.abortMultipartUpload('originals', key, other)).resolves.toBeUndefined();
    expect(await storage.listParts('originals', 'other.bin', other)).toEqual([]);
  });

  it('refuses a signing secret that is too short to be safe', () => {
    expect(() => new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://x', signingSecret: 'short' })).toThrow(/32 characters/);
  });
});

async function* failing(): AsyncGenerator<Buffer> {
  yield Buffer.alloc(1000);
  throw new Error('connection lost');
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
