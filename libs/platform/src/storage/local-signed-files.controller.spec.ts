import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_SIGNED_PART_BYTES } from './local-signed-files.controller.js';
import { LocalUrlSigner } from './signed-url.js';
import { md5 } from './storage.contract.js';
import { startLocalStorageTestApp, type LocalStorageTestApp } from './testing/local-storage.test-app.js';

describe('LocalSignedFilesController', () => {
  let dataDir: string;
  let running: LocalStorageTestApp;
  const body = Buffer.from('0123456789abcdefghij');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'storage-signed-files-'));
    running = await startLocalStorageTestApp(dataDir);
    await running.storage.ensureBucket('originals');
    await running.storage.put('originals', 'clips/a.mp4', body, { contentType: 'video/mp4' });
    await running.storage.put('originals', 'clips/b.mp4', Buffer.from('another clip'), { contentType: 'video/mp4' });
  });

  afterAll(async () => {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A signer with our secret but a clock an hour behind mints links that are already expired. */
  const signerAt = (offsetMs: number, secret = running.signingSecret) =>
    new LocalUrlSigner({ publicBaseUrl: running.baseUrl, secret, now: () => Date.now() + offsetMs });

  async function expectRefusal(response: Response, status: number, code: number, words: RegExp): Promise<void> {
    expect(response.status).toBe(status);
    const envelope = await response.json();
    expect(envelope).toEqual({ code, success: false, message: expect.stringMatching(words), data: null });
  }

  describe('GET', () => {
    it('streams the object with its type, length, etag and protective headers', async () => {
      const response = await fetch(await running.storage.signedGetUrl('originals', 'clips/a.mp4', 120));
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(body.length),
        'accept-ranges': 'bytes',
        etag: `"${md5(body)}"`,
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers.get('cache-control')).toMatch(/^private, max-age=(1[01]\d|120)$/);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    });

    it('only ever offers a file that could run as a page as a sandboxed download', async () => {
      await running.storage.put('originals', 'uploads/readme.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
      await running.storage.put('originals', 'uploads/logo.svg', Buffer.from('<svg/>'), { contentType: 'image/svg+xml' });
      for (const key of ['uploads/readme.html', 'uploads/logo.svg']) {
        const response = await fetch(await running.storage.signedGetUrl('originals', key, 120));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="(readme\.html|logo\.svg)"/);
        expect(response.headers.get('content-security-policy')).toMatch(/^sandbox/);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        await response.arrayBuffer();
      }
    });

    it('refuses an expired link with 403 and the envelope', async () => {
      const url = signerAt(-3600_000).signGet('originals', 'clips/a.mp4', 60);
      await expectRefusal(await fetch(url), 403, 1003, /expired.*过期/s);
    });

    it('refuses links that were changed or signed by someone else', async () => {
      const url = new URL(await running.storage.signedGetUrl('originals', 'clips/a.mp4', 120, { downloadName: 'a.mp4' }));
      const variants: URL[] = [];
      const withPath = new URL(url);
      withPath.pathname = withPath.pathname.replace('a.mp4', 'b.mp4');
      variants.push(withPath);
      const withBucket = new URL(url);
      withBucket.pathname = withBucket.pathname.replace('/originals/', '/renditions/');
      variants.push(withBucket);
      const later = new URL(url);
      later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      variants.push(later);
      const renamed = new URL(url);
      renamed.searchParams.set('download', 'evil.html');
      variants.push(renamed);
      const unnamed = new URL(url);
      unnamed.searchParams.delete('download');
      variants.push(unnamed);
      const unsigned = new URL(url);
      unsigned.searchParams.delete('sig');
      variants.push(unsigned);
      const doubled = new URL(url);
      doubled.searchParams.append('sig', url.searchParams.get('sig') ?? '');
      variants.push(doubled);
      variants.push(new URL(signerAt(0, 'another-secret-that-is-long-enough-to-use').signGet('originals', 'clips/a.mp4', 60)));

      for (const variant of variants) await expectRefusal(await fetch(variant), 403, 1003, /invalid.*无效/s);
      expect((await fetch(url)).status).toBe(200);
    });

    it('serves single ranges, the whole file for several, and 416 outside the file', async () => {
      const url = await running.storage.signedGetUrl('originals', 'clips/a.mp4', 120);

      const suffix = await fetch(url, { headers: { Range: 'bytes=-5' } });
      expect(suffix.status).toBe(206);
      expect(suffix.headers.get('content-range')).toBe('bytes 15-19/20');
      expect(await suffix.text()).toBe('fghij');

      const open = await fetch(url, { headers: { Range: 'bytes=17-' } });
      expect(open.status).toBe(206);
      expect(await open.text()).toBe('hij');

      const several = await fetch(url, { headers: { Range: 'bytes=0-1,5-6' } });
      expect(several.status).toBe(200);
      expect(await several.text()).toBe(body.toString());

      const outside = await fetch(url, { headers: { Range: 'bytes=20-' } });
      expect(outside.headers.get('content-range')).toBe('bytes */20');
      await expectRefusal(outside, 416, 1400, /range/);
    });

    it('answers HEAD with the headers only', async () => {
      const response = await fetch(await running.storage.signedGetUrl('originals', 'clips/a.mp4', 120), { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe(String(body.length));
      expect((await response.arrayBuffer()).byteLength).toBe(0);
    });

    it('offers the signed download name, Chinese included', async () => {
      const url = await running.storage.signedGetUrl('originals', 'clips/a.mp4', 120, { downloadName: '外滩 "夜景".mp4' });
      const response = await fetch(url);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="__ ____.mp4"; filename*=UTF-8''${encodeURIComponent('外滩 "夜景".mp4')}`,
      );
      await response.arrayBuffer();
    });

    it('answers 404 in the envelope for a signed link to a missing object', async () => {
      const url = await running.storage.signedGetUrl('originals', 'clips/gone.mp4', 120);
      await expectRefusal(await fetch(url), 404, 1004, /not exist/);
    });
  });

  describe('PUT of a part', () => {
    it('stores the part and answers with its etag like S3', async () => {
      const uploadId = await running.storage.createMultipartUpload('originals', 'uploads/x.mov');
      const part = Buffer.from('part one bytes');
      const response = await fetch(await running.storage.signedPartUploadUrl('originals', 'uploads/x.mov', uploadId, 1, 120), {
        method: 'PUT',
        body: part,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe(`"${md5(part)}"`);
      expect(await running.storage.listParts('originals', 'uploads/x.mov', uploadId)).toEqual([
        { partNumber: 1, etag: md5(part), size: part.length },
      ]);
    });

    it('refuses expired, altered and download links', async () => {
      const uploadId = await running.storage.createMultipartUpload('originals', 'uploads/y.mov');
      const put = (url: string | URL) => fetch(url, { method: 'PUT', body: Buffer.from('x') });

      await expectRefusal(await put(signerAt(-3600_000).signPartUpload('originals', 'uploads/y.mov', uploadId, 1, 60)), 403, 1003, /expired/);
      const url = new URL(await running.storage.signedPartUploadUrl('originals', 'uploads/y.mov', uploadId, 1, 120));
      const otherUpload = new URL(url);
      otherUpload.searchParams.set('uploadId', await running.storage.createMultipartUpload('originals', 'uploads/y.mov'));
      await expectRefusal(await put(otherUpload), 403, 1003, /invalid/);
      const downloadLink = new URL(await running.storage.signedGetUrl('originals', 'uploads/y.mov', 120));
      expect((await put(downloadLink)).status).toBe(404);
      const replayed = new URL(url);
      replayed.searchParams.set('sig', downloadLink.searchParams.get('sig') ?? '');
      await expectRefusal(await put(replayed), 403, 1003, /invalid/);
      expect(await running.storage.listParts('originals', 'uploads/y.mov', uploadId)).toEqual([]);
    });

    it('refuses a part larger than the part size the upload declared, saying what to do', async () => {
      const uploadId = await running.storage.createMultipartUpload('originals', 'uploads/planned.mov', { partSize: 4 });
      const url = await running.storage.signedPartUploadUrl('originals', 'uploads/planned.mov', uploadId, 1, 120);
      await expectRefusal(await fetch(url, { method: 'PUT', body: Buffer.from('five!') }), 400, 1400, /send the file again/);
      expect(await running.storage.listParts('originals', 'uploads/planned.mov', uploadId)).toEqual([]);
    });

    it('answers 404 for an upload that has ended', async () => {
      const uploadId = await running.storage.createMultipartUpload('originals', 'uploads/z.mov');
      const url = await running.storage.signedPartUploadUrl('originals', 'uploads/z.mov', uploadId, 1, 120);
      await running.storage.abortMultipartUpload('originals', 'uploads/z.mov', uploadId);
      await expectRefusal(await fetch(url, { method: 'PUT', body: Buffer.from('late') }), 404, 1004, /upload/);
    });

    it('wants a Content-Length, and at most 64 MiB, refusing before reading the body', async () => {
      const uploadId = await running.storage.createMultipartUpload('originals', 'uploads/big.mov');
      const url = new URL(await running.storage.signedPartUploadUrl('originals', 'uploads/big.mov', uploadId, 1, 120));

      const chunked = await rawPut(url, { 'Transfer-Encoding': 'chunked' }, 'x');
      expect(chunked.status).toBe(411);
      const tooLarge = await rawPut(url, { 'Content-Length': String(MAX_SIGNED_PART_BYTES + 1) }, '');
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body)).toMatchObject({ code: 1400, success: false, data: null });
      expect(await running.storage.listParts('originals', 'uploads/big.mov', uploadId)).toEqual([]);
    });
  });
});

/** fetch always sends a length for buffers; these cases need control over the request head. */
function rawPut(url: URL, headers: Record<string, string>, payload: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'PUT', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}
