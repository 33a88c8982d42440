import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import type { MinioStorageClient } from './minio.client.js';
import { MinioObjectStorage, type MinioObjectStorageOptions } from './minio.object-storage.js';
import {
  InvalidBucketNameError,
  InvalidPartError,
  MultipartUploadNotFoundError,
  ObjectNotFoundError,
} from './object-storage.errors.js';
import { SEEKABLE_SOURCE_SECONDS } from './object-storage.port.js';
import { describeObjectStorageContract, md5, readAll } from './storage.contract.js';
import { startS3TestServer, type S3TestServer } from './testing/s3rver.test-server.js';

const FIVE_MIB = 5 * 1024 * 1024;

function s3rverOptions(server: S3TestServer, extra: Partial<MinioObjectStorageOptions> = {}): MinioObjectStorageOptions {
  return {
    endPoint: server.endPoint,
    port: server.port,
    useSSL: false,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    region: 'us-east-1',
    bucketPrefix: 'mkt-',
    streamPartSize: FIVE_MIB,
    ...extra,
  };
}

/*
 * s3rver stands in for MinIO here. It implements objects, ranges, copies, initiate/upload/complete
 * and presigned URLs, but not ListParts or AbortMultipartUpload, does not check etags, part sizes,
 * signatures or expiry, and answers `Range: bytes=0-0` with the whole object. Those tests are
 * skipped against it and run against a real server (S3_ENDPOINT): never read a pass here as
 * proof of them.
 */
describeObjectStorageContract(
  'MinIO adapter against s3rver on loopback',
  async () => {
    const server = await startS3TestServer();
    return { storage: new MinioObjectStorage(s3rverOptions(server)), dispose: () => server.stop() };
  },
  { multipartBookkeeping: false, minPartSize: false, signedLinks: false, rangeEndingAtZero: false },
);

const realServer = process.env.S3_ENDPOINT;
if (realServer) {
  describeObjectStorageContract(`MinIO adapter against the S3-compatible server at ${realServer}`, async () => ({
    storage: new MinioObjectStorage({
      endPoint: realServer,
      port: process.env.S3_PORT ? Number(process.env.S3_PORT) : undefined,
      useSSL: ['true', '1', 'yes'].includes(process.env.S3_USE_SSL ?? ''),
      accessKey: process.env.S3_ACCESS_KEY ?? '',
      secretKey: process.env.S3_SECRET_KEY ?? '',
      region: process.env.S3_REGION ?? 'us-east-1',
      bucketPrefix: process.env.S3_BUCKET_PREFIX ?? 'mkt-test-',
    }),
    dispose: async () => undefined,
  }));
} else {
  describe('ObjectStorage contract: MinIO adapter against a real S3-compatible server', () => {
    it.skip('runs when S3_ENDPOINT (+ S3_ACCESS_KEY, S3_SECRET_KEY, S3_PORT, S3_USE_SSL) is set', () => undefined);
  });
}

describe('MinioObjectStorage wiring', () => {
  let server: S3TestServer;

  beforeAll(async () => {
    server = await startS3TestServer();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('puts the configured prefix before every logical bucket name', async () => {
    const storage = new MinioObjectStorage(s3rverOptions(server, { bucketPrefix: 'tenant-x-' }));
    await storage.ensureBucket('originals');
    await storage.put('originals', 'a.txt', Buffer.from('a'));
    const raw = new Client({ endPoint: server.endPoint, port: server.port, useSSL: false, accessKey: server.accessKey, secretKey: server.secretKey });
    expect(await raw.bucketExists('tenant-x-originals')).toBe(true);
    expect(await raw.bucketExists('originals')).toBe(false);
    expect(storage.physicalBucket('renditions')).toBe('tenant-x-renditions');
  });

  it('refuses a logical bucket that the prefix would push past 63 characters', () => {
    const storage = new MinioObjectStorage(s3rverOptions(server, { bucketPrefix: 'p'.repeat(20) }));
    expect(() => storage.physicalBucket('b'.repeat(44))).toThrow(InvalidBucketNameError);
  });

  it('sends streams and buffers longer than one part as multipart uploads of its own', async () => {
    const storage = new MinioObjectStorage(s3rverOptions(server));
    await storage.ensureBucket('streams');
    const body = randomBytes(2 * FIVE_MIB + 777);
    const stream = Readable.from([body.subarray(0, 3_000_000), body.subarray(3_000_000)]);
    const stored = await storage.put('streams', 'long.bin', stream, { contentType: 'video/mp4', size: body.length });
    expect(stored.size).toBe(body.length);
    await storage.put('streams', 'long-buffer.bin', body, { contentType: 'video/mp4' });
    for (const key of ['long.bin', 'long-buffer.bin']) {
      const object = await storage.get('streams', key);
      expect(object).toMatchObject({ contentType: 'video/mp4', size: body.length });
      expect(md5(await readAll(object.stream))).toBe(md5(body));
    }
  });

  it('signs links for the public URL when the server is reached under another name inside', async () => {
    const storage = new MinioObjectStorage(s3rverOptions(server, { publicUrl: 'https://files.example.com' }));
    const url = new URL(await storage.signedGetUrl('originals', 'clip.mov', 600, { downloadName: 'clip.mov' }));
    expect(url.origin).toBe('https://files.example.com');
    expect(url.pathname).toBe('/mkt-originals/clip.mov');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('response-content-disposition')).toMatch(/^attachment; filename="clip.mov"/);

    const partUrl = new URL(await storage.signedPartUploadUrl('originals', 'clip.mov', 'upload-1', 7, 600));
    expect(partUrl.searchParams.get('uploadId')).toBe('upload-1');
    expect(partUrl.searchParams.get('partNumber')).toBe('7');
  });

  it('gives tools a link signed for the address this process reaches the store at, valid for the longest job', async () => {
    const storage = new MinioObjectStorage(s3rverOptions(server, { publicUrl: 'https://files.example.com' }));
    await storage.ensureBucket('originals');
    const body = randomBytes(300_000);
    await storage.put('originals', 'contrib/u/s/original.mp4', body, { contentType: 'video/mp4' });
    const source = await storage.withSeekableSource('originals', 'contrib/u/s/original.mp4', async (link) => {
      const url = new URL(link);
      // Not the browsers' public address: the pod reaches the store at S3_ENDPOINT.
      expect(url.origin).toBe(`http://${server.endPoint}:${server.port}`);
      expect(url.pathname).toBe('/mkt-originals/contrib/u/s/original.mp4');
      expect(url.searchParams.get('X-Amz-Expires')).toBe(String(SEEKABLE_SOURCE_SECONDS));
      const range = await fetch(link, { headers: { Range: 'bytes=299990-' } });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).equals(body.subarray(299_990))).toBe(true);
      return link;
    });
    expect(source).toMatch(/X-Amz-Signature=/);
  });

  describe('with a scripted client (calls s3rver cannot answer)', () => {
    const options = s3rverOptions({ endPoint: '127.0.0.1', port: 1, accessKey: 'k', secretKey: 's' } as S3TestServer);
    const s3Error = (code: string) => Object.assign(new Error(code), { code });
    const storageWith = (client: Partial<Record<keyof MinioStorageClient, unknown>>) =>
      new MinioObjectStorage(options, { client: client as unknown as MinioStorageClient });

    it('lists parts by part number with bare etags', async () => {
      const storage = storageWith({
        listUploadedParts: async () => [
          { part: 3, etag: '"cc"', size: FIVE_MIB },
          { part: 1, etag: 'aa', size: FIVE_MIB },
        ],
      });
      expect(await storage.listParts('originals', 'k.bin', 'upload-1')).toEqual([
        { partNumber: 1, etag: 'aa', size: FIVE_MIB },
        { partNumber: 3, etag: 'cc', size: FIVE_MIB },
      ]);
    });

    it('completes with the parts sorted, whatever order the browser finished them in', async () => {
      let sent: unknown;
      const storage = storageWith({
        completeMultipartUpload: async (_b: string, _k: string, _u: string, parts: unknown) => {
          sent = parts;
          return { etag: 'x', versionId: null };
        },
        statObject: async () => ({ size: 10, etag: 'x', lastModified: new Date(), metaData: {} }),
      });
      await storage.completeMultipartUpload('originals', 'k.bin', 'upload-1', [
        { partNumber: 2, etag: '"b"' },
        { partNumber: 1, etag: 'a' },
      ]);
      expect(sent).toEqual([
        { part: 1, etag: 'a' },
        { part: 2, etag: 'b' },
      ]);
    });

    it('turns S3 error codes into the typed errors of the port', async () => {
      const failing = (code: string) => async () => {
        throw s3Error(code);
      };
      await expect(storageWith({ listUploadedParts: failing('NoSuchUpload') }).listParts('originals', 'k', 'u')).rejects.toBeInstanceOf(
        MultipartUploadNotFoundError,
      );
      for (const code of ['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall']) {
        await expect(
          storageWith({ completeMultipartUpload: failing(code) }).completeMultipartUpload('originals', 'k', 'u', [{ partNumber: 1, etag: 'a' }]),
        ).rejects.toBeInstanceOf(InvalidPartError);
      }
      await expect(storageWith({ getObject: failing('NoSuchKey') }).get('originals', 'k')).rejects.toBeInstanceOf(ObjectNotFoundError);
      const unexpected = storageWith({ getObject: failing('SlowDown') }).get('originals', 'k');
      await expect(unexpected).rejects.toMatchObject({ code: 'SlowDown' });
    });

    it('treats aborting an upload that is already gone as done', async () => {
      await expect(
        storageWith({ abortMultipartUpload: async () => Promise.reject(s3Error('NoSuchUpload')) }).abortMultipartUpload('originals', 'k', 'u'),
      ).resolves.toBeUndefined();
      await expect(
        storageWith({ abortMultipartUpload: async () => Promise.reject(s3Error('AccessDenied')) }).abortMultipartUpload('originals', 'k', 'u'),
      ).rejects.toMatchObject({ code: 'AccessDenied' });
    });
  });
});
