import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  BucketNotFoundError,
  InvalidBucketNameError,
  InvalidObjectKeyError,
  InvalidPartError,
  InvalidRangeError,
  InvalidStorageArgumentError,
  MultipartUploadNotFoundError,
  ObjectNotFoundError,
  ObjectSizeMismatchError,
} from './object-storage.errors.js';
import type { CompletedPart, ObjectStorage } from './object-storage.port.js';

/**
 * The behaviour every ObjectStorage adapter must show, run against each adapter that can run on
 * the machine. Tests work under a fresh key prefix in two shared buckets, so a run against a real
 * server never sees an earlier run's objects, and they delete what they made.
 */
export interface ObjectStorageContractTarget {
  storage: ObjectStorage;
  dispose(): Promise<void>;
}

/**
 * What the server behind the adapter checks by itself. A stand-in that skips a check (s3rver)
 * skips the tests that need it, so they show up as skipped, not as passed.
 */
export interface ServerChecks {
  /** Lists parts, aborts uploads, refuses unknown uploads and etags that do not match. */
  multipartBookkeeping: boolean;
  /** Refuses to complete an upload whose non-last part is under minPartSize. */
  minPartSize: boolean;
  /** Refuses expired and tampered signed links. */
  signedLinks: boolean;
  /** Serves `Range: bytes=0-0` as one byte (s3rver treats the end 0 as "no end"). */
  rangeEndingAtZero: boolean;
}

const EVERY_CHECK: ServerChecks = { multipartBookkeeping: true, minPartSize: true, signedLinks: true, rangeEndingAtZero: true };

export function describeObjectStorageContract(
  name: string,
  makeTarget: () => Promise<ObjectStorageContractTarget>,
  serverChecks: ServerChecks = EVERY_CHECK,
): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    const bucket = 'contract-a';
    const otherBucket = 'contract-b';
    const runPrefix = `run-${randomBytes(4).toString('hex')}`;
    const keyOf = (name: string) => `${runPrefix}/${name}`;
    let target: ObjectStorageContractTarget | undefined;
    let storage: ObjectStorage;

    const needs = (check: keyof ServerChecks, reason: string) =>
      serverChecks[check] ? it : (title: string, fn: () => Promise<void>) => it.skip(`${title} [skipped: ${reason}]`, fn);

    beforeAll(async () => {
      target = await makeTarget();
      storage = target.storage;
      await storage.ensureBucket(bucket);
      await storage.ensureBucket(otherBucket);
    });

    afterAll(async () => {
      if (!target) return;
      for (const name of [bucket, otherBucket]) {
        for (const entry of await storage.list(name, `${runPrefix}/`)) await storage.delete(name, entry.key);
      }
      await target.dispose();
    });

    describe('objects', () => {
      it('creates buckets idempotently', async () => {
        await expect(storage.ensureBucket(bucket)).resolves.toBeUndefined();
      });

      it('stores a buffer and gives the same bytes, size, type and an etag back', async () => {
        const key = keyOf('素材/视频 01.mp4');
        const body = randomBytes(70_000);
        const stored = await storage.put(bucket, key, body, { contentType: 'video/mp4' });
        expect(stored.size).toBe(body.length);

        const stat = await storage.stat(bucket, key);
        expect(stat).toMatchObject({ size: body.length, contentType: 'video/mp4', etag: stored.etag });
        expect(stat?.etag).not.toBe('');
        expect(Number.isNaN(stat?.lastModified.getTime())).toBe(false);

        const object = await storage.get(bucket, key);
        expect(object).toMatchObject({ size: body.length, totalSize: body.length, contentType: 'video/mp4', range: null });
        expect(md5(await readAll(object.stream))).toBe(md5(body));
      });

      it('stores streams, with or without a declared size, and defaults the type', async () => {
        const body = randomBytes(300_000);
        await storage.put(bucket, keyOf('stream-sized.bin'), Readable.from(chunks(body, 65_536)), { size: body.length });
        await storage.put(bucket, keyOf('stream-unsized.bin'), Readable.from(chunks(body, 10_000)));
        for (const key of ['stream-sized.bin', 'stream-unsized.bin']) {
          const object = await storage.get(bucket, keyOf(key));
          expect(object.contentType).toBe('application/octet-stream');
          expect(md5(await readAll(object.stream))).toBe(md5(body));
        }
      });

      it('hands an object over as a readable file for as long as it is used, named like its key', async () => {
        const key = keyOf('原片/clip 02.mov');
        const body = randomBytes(90_000);
        await storage.put(bucket, key, body, { contentType: 'video/quicktime' });
        const answer = await storage.withLocalFile(bucket, key, async (path) => {
          expect(path.endsWith('clip 02.mov')).toBe(true);
          expect(md5(await readFile(path))).toBe(md5(body));
          return 'used';
        });
        expect(answer).toBe('used');
        // Still the stored object afterwards (a copy, if one was made, is gone).
        expect(md5(await readAll((await storage.get(bucket, key)).stream))).toBe(md5(body));
        await expect(storage.withLocalFile(bucket, keyOf('missing.mov'), async () => 'never')).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(storage.withLocalFile(bucket, key, async () => Promise.reject(new Error('tool failed')))).rejects.toThrow('tool failed');
      });

      it('hands an object over as a seekable source (a path, or a link served with ranges) without a copy', async () => {
        const key = keyOf('原片/clip 03.mp4');
        const body = randomBytes(120_000);
        await storage.put(bucket, key, body, { contentType: 'video/mp4' });
        const answer = await storage.withSeekableSource(bucket, key, async (source) => {
          if (/^https?:\/\//.test(source)) {
            // What ffmpeg does: the first request asks for a range from 0, a seek asks for another.
            const first = await fetch(source, { headers: { Range: 'bytes=0-' } });
            expect([first.status, first.headers.get('content-range')]).toEqual([206, `bytes 0-${body.length - 1}/${body.length}`]);
            expect(md5(Buffer.from(await first.arrayBuffer()))).toBe(md5(body));
            const tail = await fetch(source, { headers: { Range: 'bytes=100000-' } });
            expect(Buffer.from(await tail.arrayBuffer()).equals(body.subarray(100_000))).toBe(true);
          } else {
            expect(source.endsWith('clip 03.mp4')).toBe(true);
            expect(md5(await readFile(source))).toBe(md5(body));
          }
          return 'used';
        });
        expect(answer).toBe('used');
        await expect(storage.withSeekableSource(bucket, keyOf('missing.mp4'), async () => 'never')).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(storage.withSeekableSource(bucket, key, async () => Promise.reject(new Error('tool failed')))).rejects.toThrow('tool failed');
      });

      it('stores an empty object', async () => {
        await storage.put(bucket, keyOf('empty.txt'), Buffer.alloc(0), { contentType: 'text/plain' });
        const object = await storage.get(bucket, keyOf('empty.txt'));
        expect(object.size).toBe(0);
        expect((await readAll(object.stream)).length).toBe(0);
      });

      it('replaces an object on overwrite, type and etag included', async () => {
        const key = keyOf('overwrite.txt');
        const first = await storage.put(bucket, key, Buffer.from('first version'), { contentType: 'text/plain' });
        const second = await storage.put(bucket, key, Buffer.from('second, longer version'), { contentType: 'text/markdown' });
        expect(second.etag).not.toBe(first.etag);
        expect(await storage.stat(bucket, key)).toMatchObject({ size: 22, contentType: 'text/markdown', etag: second.etag });
        expect((await readAll((await storage.get(bucket, key)).stream)).toString()).toBe('second, longer version');
      });

      it('reads byte ranges, clamping an end past the object', async () => {
        const key = keyOf('range.txt');
        const body = Buffer.from('0123456789abcdefghij');
        await storage.put(bucket, key, body);

        const middle = await storage.get(bucket, key, { start: 2, end: 5 });
        expect(middle).toMatchObject({ size: 4, totalSize: 20, range: { start: 2, end: 5 } });
        expect((await readAll(middle.stream)).toString()).toBe('2345');

        const tail = await storage.get(bucket, key, { start: 15 });
        expect(tail).toMatchObject({ size: 5, range: { start: 15, end: 19 } });
        expect((await readAll(tail.stream)).toString()).toBe('fghij');

        const clamped = await storage.get(bucket, key, { start: 18, end: 1000 });
        expect(clamped).toMatchObject({ size: 2, range: { start: 18, end: 19 } });
        expect((await readAll(clamped.stream)).toString()).toBe('ij');
      });

      needs('rangeEndingAtZero', 'the server reads "bytes=0-0" as the whole object')('reads the first byte alone', async () => {
        const key = keyOf('range-first-byte.txt');
        await storage.put(bucket, key, Buffer.from('0123456789'));
        const first = await storage.get(bucket, key, { start: 0, end: 0 });
        expect(first).toMatchObject({ size: 1, range: { start: 0, end: 0 } });
        expect((await readAll(first.stream)).toString()).toBe('0');
      });

      it('refuses ranges that cannot be served', async () => {
        const key = keyOf('range-refused.txt');
        await storage.put(bucket, key, Buffer.from('0123456789'));
        await expect(storage.get(bucket, key, { start: 10 })).rejects.toBeInstanceOf(InvalidRangeError);
        await expect(storage.get(bucket, key, { start: 5, end: 4 })).rejects.toBeInstanceOf(InvalidRangeError);
        await expect(storage.get(bucket, key, { start: -1 })).rejects.toBeInstanceOf(InvalidRangeError);
        await storage.put(bucket, keyOf('range-empty.txt'), Buffer.alloc(0));
        await expect(storage.get(bucket, keyOf('range-empty.txt'), { start: 0 })).rejects.toBeInstanceOf(InvalidRangeError);
      });

      it('reports missing objects as such, never as a crash', async () => {
        const key = keyOf('never-stored.bin');
        expect(await storage.stat(bucket, key)).toBeNull();
        await expect(storage.get(bucket, key)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(storage.get(bucket, key, { start: 0, end: 1 })).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(storage.delete(bucket, key)).resolves.toBeUndefined();
        await expect(storage.copy({ bucket, key }, { bucket, key: keyOf('copy-of-nothing') })).rejects.toBeInstanceOf(ObjectNotFoundError);
      });

      it('reports a bucket that was never created', async () => {
        const missing = `contract-missing-${randomBytes(3).toString('hex')}`;
        await expect(storage.put(missing, keyOf('x'), Buffer.from('x'))).rejects.toBeInstanceOf(BucketNotFoundError);
        await expect(storage.get(missing, keyOf('x'))).rejects.toBeInstanceOf(BucketNotFoundError);
        await expect(storage.list(missing, '')).rejects.toBeInstanceOf(BucketNotFoundError);
        expect(await storage.stat(missing, keyOf('x'))).toBeNull();
      });

      it('refuses bad keys and bucket names with typed errors, before touching storage', async () => {
        const badKeys = [
          '',
          '/leading-slash',
          '../escape',
          'a/../../escape',
          'a/./b',
          'trailing/',
          'a//b',
          'nul\u0000byte',
          'line\nbreak',
          'back\\slash',
          'x'.repeat(1025),
          `${'y'.repeat(256)}/z`,
          'lone\ud800surrogate',
        ];
        for (const key of badKeys) {
          await expect(storage.put(bucket, key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.get(bucket, key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.stat(bucket, key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.delete(bucket, key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.createMultipartUpload(bucket, key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.signedGetUrl(bucket, key, 60)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        }
        await expect(storage.list(bucket, '../')).rejects.toBeInstanceOf(InvalidObjectKeyError);
        for (const badBucket of ['Originals', 'ab', '-edge-', 'under_score', '.tmp', '../etc', 'a'.repeat(64)]) {
          await expect(storage.put(badBucket, keyOf('x'), Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBucketNameError);
          await expect(storage.ensureBucket(badBucket)).rejects.toBeInstanceOf(InvalidBucketNameError);
        }
      });

      it('refuses a body whose length differs from the declared size, storing nothing', async () => {
        const key = keyOf('size-mismatch.bin');
        await expect(storage.put(bucket, key, Readable.from([Buffer.alloc(10)]), { size: 20 })).rejects.toBeInstanceOf(ObjectSizeMismatchError);
        await expect(storage.put(bucket, key, Readable.from([Buffer.alloc(30)]), { size: 20 })).rejects.toBeInstanceOf(ObjectSizeMismatchError);
        await expect(storage.put(bucket, key, Buffer.alloc(10), { size: 20 })).rejects.toBeInstanceOf(ObjectSizeMismatchError);
        expect(await storage.stat(bucket, key)).toBeNull();
      });

      it('keeps the previous object when a new body fails half-way', async () => {
        const key = keyOf('failed-overwrite.txt');
        await storage.put(bucket, key, Buffer.from('intact'), { contentType: 'text/plain' });
        const broken = Readable.from(
          (async function* () {
            yield Buffer.alloc(100_000, 1);
            throw new Error('connection lost');
          })(),
        );
        await expect(storage.put(bucket, key, broken)).rejects.toThrow('connection lost');
        expect((await readAll((await storage.get(bucket, key)).stream)).toString()).toBe('intact');
        await expect(storage.put(bucket, keyOf('failed-new.txt'), Readable.from(failingAfter(1000)))).rejects.toThrow('connection lost');
        expect(await storage.stat(bucket, keyOf('failed-new.txt'))).toBeNull();
      });

      it('deletes objects', async () => {
        const key = keyOf('delete-me/file.txt');
        await storage.put(bucket, key, Buffer.from('bye'));
        await storage.delete(bucket, key);
        expect(await storage.stat(bucket, key)).toBeNull();
        await expect(storage.get(bucket, key)).rejects.toBeInstanceOf(ObjectNotFoundError);
        expect(await storage.list(bucket, keyOf('delete-me/'))).toEqual([]);
        await expect(storage.delete(bucket, key)).resolves.toBeUndefined();
      });

      it('lists by plain string prefix, recursively, in key order', async () => {
        const keys = ['list/b/2.txt', 'list/a.txt', 'list/b/1.txt', 'list-other.txt', 'lister/x.txt', 'unrelated/y.txt'];
        for (const [index, key] of keys.entries()) await storage.put(bucket, keyOf(key), Buffer.alloc(index + 1));

        const underFolder = await storage.list(bucket, keyOf('list/'));
        expect(underFolder.map((entry) => entry.key)).toEqual(['list/a.txt', 'list/b/1.txt', 'list/b/2.txt'].map(keyOf));
        expect(underFolder.map((entry) => entry.size)).toEqual([2, 3, 1]);
        // Dates from node:fs come from another realm than jest's sandbox, so no instanceof here.
        expect(underFolder.every((entry) => Number.isFinite(entry.lastModified.getTime()))).toBe(true);

        expect((await storage.list(bucket, keyOf('list'))).map((entry) => entry.key)).toEqual(
          ['list-other.txt', 'list/a.txt', 'list/b/1.txt', 'list/b/2.txt', 'lister/x.txt'].map(keyOf),
        );
        expect((await storage.list(bucket, keyOf('list/b/1'))).map((entry) => entry.key)).toEqual([keyOf('list/b/1.txt')]);
        expect(await storage.list(bucket, keyOf('nothing-here/'))).toEqual([]);
      });

      it('copies within and across buckets, keeping bytes and type', async () => {
        const body = randomBytes(50_000);
        await storage.put(bucket, keyOf('copy/source.jpg'), body, { contentType: 'image/jpeg' });
        await storage.copy({ bucket, key: keyOf('copy/source.jpg') }, { bucket: otherBucket, key: keyOf('copy/target.jpg') });
        await storage.copy({ bucket, key: keyOf('copy/source.jpg') }, { bucket, key: keyOf('copy/same-bucket.jpg') });
        for (const [where, key] of [
          [otherBucket, 'copy/target.jpg'],
          [bucket, 'copy/same-bucket.jpg'],
          [bucket, 'copy/source.jpg'],
        ] as const) {
          const object = await storage.get(where, keyOf(key));
          expect(object.contentType).toBe('image/jpeg');
          expect(md5(await readAll(object.stream))).toBe(md5(body));
        }
      });
    });

    describe('multipart uploads', () => {
      it('assembles parts uploaded in parallel and out of order into the identical file', async () => {
        const key = keyOf('multipart/parallel.mov');
        const partSize = storage.minPartSize;
        const file = randomBytes(partSize * 5 + 12_345);
        const uploadId = await storage.createMultipartUpload(bucket, key, { contentType: 'video/quicktime' });
        const parts = slice(file, partSize);
        const order = [4, 1, 6, 3, 5, 2];
        const completed = await inParallel(
          order.map((partNumber) => async (): Promise<CompletedPart> => {
            const bytes = parts[partNumber - 1];
            // Half the parts arrive as streams, as they do from an HTTP request.
            const body = partNumber % 2 === 0 ? Readable.from(chunks(bytes, 64 * 1024)) : bytes;
            return { partNumber, etag: await storage.uploadPart(bucket, key, uploadId, partNumber, body, bytes.length) };
          }),
          10,
        );
        const stored = await storage.completeMultipartUpload(bucket, key, uploadId, completed);
        expect(stored.size).toBe(file.length);

        const object = await storage.get(bucket, key);
        expect(object).toMatchObject({ size: file.length, contentType: 'video/quicktime' });
        expect(md5(await readAll(object.stream))).toBe(md5(file));
      });

      needs('multipartBookkeeping', 'the server does not implement ListParts')(
        'lists the parts stored so far, so a resumed upload sends only the missing ones',
        async () => {
          const key = keyOf('multipart/resumed.mp4');
          const partSize = storage.minPartSize;
          const file = randomBytes(partSize * 3 + 1000);
          const parts = slice(file, partSize);
          const uploadId = await storage.createMultipartUpload(bucket, key, { contentType: 'video/mp4' });
          const etag1 = await storage.uploadPart(bucket, key, uploadId, 1, parts[0], parts[0].length);
          const etag3 = await storage.uploadPart(bucket, key, uploadId, 3, parts[2], parts[2].length);

          // The checkpoint after a pause or a crash: what is already there, with etags and sizes.
          const listed = await storage.listParts(bucket, key, uploadId);
          expect(listed).toEqual([
            { partNumber: 1, etag: etag1, size: partSize },
            { partNumber: 3, etag: etag3, size: partSize },
          ]);

          const done = new Set(listed.map((part) => part.partNumber));
          const missing = parts.map((_, index) => index + 1).filter((partNumber) => !done.has(partNumber));
          expect(missing).toEqual([2, 4]);
          const resumed = await Promise.all(
            missing.map(async (partNumber) => ({
              partNumber,
              etag: await storage.uploadPart(bucket, key, uploadId, partNumber, parts[partNumber - 1], parts[partNumber - 1].length),
            })),
          );
          expect((await storage.listParts(bucket, key, uploadId)).map((part) => part.partNumber)).toEqual([1, 2, 3, 4]);

          await storage.completeMultipartUpload(bucket, key, uploadId, [...listed, ...resumed]);
          expect(md5(await readAll((await storage.get(bucket, key)).stream))).toBe(md5(file));
        },
      );

      it('replaces a part that is uploaded again', async () => {
        const key = keyOf('multipart/replaced-part.bin');
        const uploadId = await storage.createMultipartUpload(bucket, key);
        await storage.uploadPart(bucket, key, uploadId, 1, Buffer.from('first attempt'), 13);
        const etag = await storage.uploadPart(bucket, key, uploadId, 1, Buffer.from('second attempt'), 14);
        await storage.completeMultipartUpload(bucket, key, uploadId, [{ partNumber: 1, etag }]);
        expect((await readAll((await storage.get(bucket, key)).stream)).toString()).toBe('second attempt');
      });

      it('assembles an upload with a declared part size from parallel, out-of-order and replaced parts', async () => {
        const key = keyOf('multipart/declared-size.mp4');
        const partSize = storage.minPartSize;
        const file = randomBytes(partSize * 4 + 777);
        const parts = slice(file, partSize);
        const uploadId = await storage.createMultipartUpload(bucket, key, { contentType: 'video/mp4', partSize });
        // A first version of part 2 with other bytes, replaced by the right ones below.
        await storage.uploadPart(bucket, key, uploadId, 2, randomBytes(partSize), partSize);
        const completed = await inParallel(
          [5, 2, 4, 1, 3].map((partNumber) => async (): Promise<CompletedPart> => {
            const bytes = parts[partNumber - 1];
            const body = partNumber % 2 === 0 ? Readable.from(chunks(bytes, 64 * 1024)) : bytes;
            return { partNumber, etag: await storage.uploadPart(bucket, key, uploadId, partNumber, body, bytes.length) };
          }),
          10,
        );
        const stored = await storage.completeMultipartUpload(bucket, key, uploadId, completed);
        expect(stored.size).toBe(file.length);
        const object = await storage.get(bucket, key);
        expect(object).toMatchObject({ size: file.length, contentType: 'video/mp4', etag: stored.etag });
        expect(md5(await readAll(object.stream))).toBe(md5(file));
      });

      needs('multipartBookkeeping', 'the server does not implement AbortMultipartUpload')(
        'aborts an upload: its parts are gone and it can no longer be used',
        async () => {
          const key = keyOf('multipart/aborted.bin');
          const uploadId = await storage.createMultipartUpload(bucket, key);
          const etag = await storage.uploadPart(bucket, key, uploadId, 1, Buffer.from('part'), 4);
          await storage.abortMultipartUpload(bucket, key, uploadId);

          await expect(storage.listParts(bucket, key, uploadId)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
          await expect(storage.uploadPart(bucket, key, uploadId, 2, Buffer.from('late'), 4)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
          await expect(storage.completeMultipartUpload(bucket, key, uploadId, [{ partNumber: 1, etag }])).rejects.toBeInstanceOf(
            MultipartUploadNotFoundError,
          );
          expect(await storage.stat(bucket, key)).toBeNull();
          await expect(storage.abortMultipartUpload(bucket, key, uploadId)).resolves.toBeUndefined();
        },
      );

      needs('multipartBookkeeping', 'the server neither checks etags nor tracks part lists')(
        'refuses to complete with a wrong etag or a part never uploaded, and stays usable',
        async () => {
          const key = keyOf('multipart/wrong-parts.bin');
          const uploadId = await storage.createMultipartUpload(bucket, key);
          const etag = await storage.uploadPart(bucket, key, uploadId, 1, Buffer.from('only part'), 9);
          await expect(
            storage.completeMultipartUpload(bucket, key, uploadId, [{ partNumber: 1, etag: '0123456789abcdef0123456789abcdef' }]),
          ).rejects.toBeInstanceOf(InvalidPartError);
          await expect(
            storage.completeMultipartUpload(bucket, key, uploadId, [
              { partNumber: 1, etag },
              { partNumber: 2, etag },
            ]),
          ).rejects.toBeInstanceOf(InvalidPartError);
          await storage.completeMultipartUpload(bucket, key, uploadId, [{ partNumber: 1, etag: `"${etag}"` }]);
          expect((await readAll((await storage.get(bucket, key)).stream)).toString()).toBe('only part');
        },
      );

      needs('multipartBookkeeping', 'the server accepts any upload id')('refuses an upload id it never issued', async () => {
        const key = keyOf('multipart/unknown-id.bin');
        const started = await storage.createMultipartUpload(bucket, key);
        await storage.abortMultipartUpload(bucket, key, started);
        await expect(storage.uploadPart(bucket, key, started, 1, Buffer.from('x'), 1)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
        await expect(storage.listParts(bucket, keyOf('multipart/other.bin'), started)).rejects.toBeInstanceOf(MultipartUploadNotFoundError);
      });

      needs('minPartSize', 'the server does not enforce the minimum part size')(
        'refuses to complete when a part other than the last is under the minimum size',
        async () => {
          const key = keyOf('multipart/too-small.bin');
          const uploadId = await storage.createMultipartUpload(bucket, key);
          const first = await storage.uploadPart(bucket, key, uploadId, 1, Buffer.from('tiny'), 4);
          const second = await storage.uploadPart(bucket, key, uploadId, 2, Buffer.from('tail'), 4);
          await expect(
            storage.completeMultipartUpload(bucket, key, uploadId, [
              { partNumber: 1, etag: first },
              { partNumber: 2, etag: second },
            ]),
          ).rejects.toBeInstanceOf(InvalidPartError);
          await storage.abortMultipartUpload(bucket, key, uploadId);
        },
      );

      it('refuses malformed part numbers, part lists and part bodies before sending anything', async () => {
        const key = keyOf('multipart/malformed.bin');
        const uploadId = await storage.createMultipartUpload(bucket, key);
        for (const partNumber of [0, 10_001, 1.5, Number.NaN]) {
          await expect(storage.uploadPart(bucket, key, uploadId, partNumber, Buffer.from('x'), 1)).rejects.toBeInstanceOf(
            InvalidStorageArgumentError,
          );
        }
        await expect(storage.uploadPart(bucket, key, uploadId, 1, Readable.from([Buffer.alloc(5)]), 8)).rejects.toBeInstanceOf(
          ObjectSizeMismatchError,
        );
        await expect(storage.completeMultipartUpload(bucket, key, uploadId, [])).rejects.toBeInstanceOf(InvalidPartError);
        await expect(
          storage.completeMultipartUpload(bucket, key, uploadId, [
            { partNumber: 1, etag: 'a' },
            { partNumber: 1, etag: 'b' },
          ]),
        ).rejects.toBeInstanceOf(InvalidPartError);
        if (serverChecks.multipartBookkeeping) await storage.abortMultipartUpload(bucket, key, uploadId);
      });
    });

    describe('signed links', () => {
      it('gives the bytes to a plain fetch, whole and by range', async () => {
        const key = keyOf('signed/样片 01.mp4');
        const body = randomBytes(40_000);
        await storage.put(bucket, key, body, { contentType: 'video/mp4' });
        const url = await storage.signedGetUrl(bucket, key, 300);

        const whole = await fetch(url);
        expect(whole.status).toBe(200);
        expect(whole.headers.get('content-type')).toBe('video/mp4');
        expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(body));

        const partial = await fetch(url, { headers: { Range: 'bytes=100-199' } });
        expect(partial.status).toBe(206);
        expect(partial.headers.get('content-range')).toBe(`bytes 100-199/${body.length}`);
        expect(Buffer.from(await partial.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);
      });

      it('asks the browser to save under the signed download name, in any language', async () => {
        const key = keyOf('signed/original.mov');
        await storage.put(bucket, key, Buffer.from('original bytes'));
        const url = await storage.signedGetUrl(bucket, key, 300, { downloadName: '外滩夜景 4K.mov' });
        const response = await fetch(url);
        expect(response.status).toBe(200);
        const disposition = response.headers.get('content-disposition') ?? '';
        expect(disposition).toMatch(/^attachment;/);
        expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('外滩夜景 4K.mov')}`);
        expect(await response.text()).toBe('original bytes');
      });

      it('answers 404 for a signed link to a missing object', async () => {
        const response = await fetch(await storage.signedGetUrl(bucket, keyOf('signed/never-stored.bin'), 300));
        expect(response.status).toBe(404);
        await response.arrayBuffer();
      });

      it('accepts parts PUT by a browser to signed part links, returning their etags', async () => {
        const key = keyOf('signed/browser-upload.mp4');
        const file = randomBytes(storage.minPartSize + 4321);
        const parts = slice(file, storage.minPartSize);
        const uploadId = await storage.createMultipartUpload(bucket, key, { contentType: 'video/mp4' });
        const completed = await Promise.all(
          parts.map(async (bytes, index) => {
            const url = await storage.signedPartUploadUrl(bucket, key, uploadId, index + 1, 300);
            const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
            expect(response.status).toBe(200);
            await response.arrayBuffer();
            const etag = response.headers.get('etag');
            expect(etag).toBeTruthy();
            return { partNumber: index + 1, etag: etag as string };
          }),
        );
        await storage.completeMultipartUpload(bucket, key, uploadId, completed);
        expect(md5(await readAll((await storage.get(bucket, key)).stream))).toBe(md5(file));
      });

      it('refuses expiries outside 1 second to 7 days and malformed download names', async () => {
        const key = keyOf('signed/any.bin');
        for (const seconds of [0, -5, 1.5, 7 * 24 * 3600 + 1]) {
          await expect(storage.signedGetUrl(bucket, key, seconds)).rejects.toBeInstanceOf(InvalidStorageArgumentError);
        }
        await expect(storage.signedGetUrl(bucket, key, 60, { downloadName: 'bad\r\nname' })).rejects.toBeInstanceOf(
          InvalidStorageArgumentError,
        );
      });

      needs('signedLinks', 'the server does not check signatures')('refuses a link whose path was changed to another object', async () => {
        await storage.put(bucket, keyOf('signed/tamper-a.bin'), Buffer.from('A'));
        await storage.put(bucket, keyOf('signed/tamper-b.bin'), Buffer.from('B'));
        const url = await storage.signedGetUrl(bucket, keyOf('signed/tamper-a.bin'), 300);
        expect((await fetch(url)).status).toBe(200);
        const tampered = await fetch(url.replace('tamper-a.bin', 'tamper-b.bin'));
        expect(tampered.status).toBe(403);
        await tampered.arrayBuffer();
      });

      needs('signedLinks', 'the server does not check signatures')('refuses a part link whose part number was changed', async () => {
        const key = keyOf('signed/tamper-part.bin');
        const uploadId = await storage.createMultipartUpload(bucket, key);
        const url = await storage.signedPartUploadUrl(bucket, key, uploadId, 1, 300);
        expect(url).toContain('partNumber=1');
        const tampered = await fetch(url.replace('partNumber=1', 'partNumber=2'), { method: 'PUT', body: Buffer.from('x') });
        expect(tampered.status).toBe(403);
        await tampered.arrayBuffer();
        await storage.abortMultipartUpload(bucket, key, uploadId);
      });

      needs('signedLinks', 'the server does not check expiry')('refuses a link once it has expired', async () => {
        const key = keyOf('signed/expiring.bin');
        await storage.put(bucket, key, Buffer.from('short-lived'));
        const url = await storage.signedGetUrl(bucket, key, 1);
        // Expiry is checked in whole seconds on both stores; 2.5 s is past it whatever the rounding.
        await new Promise((resolve) => setTimeout(resolve, 2500));
        const response = await fetch(url);
        expect(response.status).toBe(403);
        await response.arrayBuffer();
      });
    });
  });
}

export function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(parts);
}

function slice(bytes: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) parts.push(bytes.subarray(offset, offset + size));
  return parts;
}

function chunks(bytes: Buffer, size: number): Buffer[] {
  return slice(bytes, size);
}

async function* failingAfter(bytes: number): AsyncGenerator<Buffer> {
  yield Buffer.alloc(bytes, 7);
  throw new Error('connection lost');
}

async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
