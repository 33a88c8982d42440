import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { serveWebApps } from '../src/web-apps.js';

/** The store's build keeps .br and .gz copies of its text files: browsers that accept them get them, others the file. */
describe('precompressed store files', () => {
  let root: string;
  let server: FastifyInstance;
  let base: string;
  const script = `export const big = ${JSON.stringify('x'.repeat(5000))};\n`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'web-apps-compressed-'));
    const assets = join(root, 'web-store', 'dist', 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(root, 'web-store', 'dist', 'index.html'), '<html>store</html>');
    writeFileSync(join(assets, 'index-abc.js'), script);
    writeFileSync(join(assets, 'index-abc.js.br'), brotliCompressSync(script));
    writeFileSync(join(assets, 'index-abc.js.gz'), gzipSync(script));
    writeFileSync(join(assets, 'plain-abc.js'), 'export {};\n');
    server = Fastify();
    serveWebApps(server, root);
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The body as sent (fetch would decode it). */
  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('sends the Brotli copy, else the gzip one, with the encoding and Vary headers and the file type', async () => {
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect([br.statusCode, br.headers['content-encoding'], br.headers['content-type']]).toEqual([200, 'br', 'application/javascript; charset=utf-8']);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['cache-control'])).toMatch(/immutable/);
    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('sends the file itself without Accept-Encoding, or when no copy was written', async () => {
    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const small = await get('/assets/plain-abc.js', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('export {};\n');
  });
});
