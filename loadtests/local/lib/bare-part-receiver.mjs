// The uploads baselines: a bare Node `http` server.
// - `PUT /<name>?part=N&size=S` receives an upload part the way the store does at its core and
//   nothing more: writes the body at its place in DIR/<name> (a new file per name) and hashes it
//   for the ETag before the 200, leaving the flush to the system as the store does until an
//   upload completes; no framework, signature, journal or database. It shows what receiving 1 MB
//   parts over loopback HTTP gets on these cores at best, so the upload's gap splits into what
//   HTTP parts cost and what the application adds.
// - `PUT /<name>?stream=1` is the single-stream copy on loopback: the body piped into DIR/<name>
//   as it arrives, nothing else.
//
//   PORT=8099 DIR=/tmp/parts node loadtests/local/lib/bare-part-receiver.mjs

import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const port = Number(process.env.PORT);
const dir = process.env.DIR ?? '';
if (!Number.isInteger(port) || port <= 0 || !dir) throw new Error('PORT and DIR are required');

const WRITE_CALL_BYTES = 128 * 1024;

/** @type {Map<string, Promise<import('node:fs/promises').FileHandle>>} */
const files = new Map();

/** @param {import('node:http').IncomingMessage} req */
async function receive(req) {
  const url = new URL(req.url ?? '/', 'http://receiver');
  const name = url.pathname.slice(1);
  if (url.searchParams.get('stream') === '1') {
    if (!/^[\w.-]{1,100}$/.test(name)) return { status: 400, etag: '' };
    await pipeline(req, createWriteStream(join(dir, name)));
    return { status: 200, etag: '' };
  }
  const part = Number(url.searchParams.get('part'));
  const size = Number(url.searchParams.get('size'));
  if (!/^[\w.-]{1,100}$/.test(name) || !Number.isInteger(part) || part < 1 || !Number.isInteger(size) || size < 1) return { status: 400, etag: '' };
  const hash = createHash('sha256');
  /** @type {Buffer[]} */ const chunks = [];
  for await (const chunk of req) {
    hash.update(chunk);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  if (!files.has(name)) files.set(name, open(join(dir, name), 'w'));
  const file = await /** @type {Promise<import('node:fs/promises').FileHandle>} */ (files.get(name));
  // In calls of at most 128 KB, as the store writes (see writeFully in the platform's atomic-file.ts).
  for (let written = 0; written < body.length; ) {
    written += (await file.write(body, written, Math.min(WRITE_CALL_BYTES, body.length - written), (part - 1) * size + written)).bytesWritten;
  }
  return { status: 200, etag: hash.digest('hex').slice(0, 32) };
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health/ready') {
    res.writeHead(200, { 'content-length': 0 });
    res.end();
    return;
  }
  if (req.method !== 'PUT') {
    res.writeHead(404, { 'content-length': 0 });
    res.end();
    return;
  }
  receive(req).then(
    ({ status, etag }) => {
      res.writeHead(status, { 'content-length': 0, ...(etag ? { etag: `"${etag}"` } : {}) });
      res.end();
    },
    (error) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    },
  );
});

server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
