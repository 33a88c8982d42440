import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStoreShell } from './file-store-shell.js';
import { HttpStoreShell } from './http-store-shell.js';
import type { StoreShell } from './store-shell.port.js';

/** What every StoreShell adapter shows: the current shell, null without one, a new build after it is deployed. */
interface ShellTarget {
  shell: StoreShell;
  /** Deploys a build of the store (null: none). */
  deploy(html: string | null): void;
  /** What it takes for the adapter to see a new build. */
  settle(): void;
  dispose(): Promise<void>;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    const value = await read();
    if (done(value) || tries === 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function describeStoreShellContract(name: string, makeTarget: () => Promise<ShellTarget>): void {
  describe(`StoreShell contract: ${name}`, () => {
    let target: ShellTarget;
    beforeEach(async () => {
      target = await makeTarget();
    });
    afterEach(() => target.dispose());

    it('answers null while no store is built, then the built shell', async () => {
      expect(await target.shell.html()).toBeNull();
      target.deploy('<html><head><title>one</title></head></html>');
      target.settle();
      expect(await target.shell.html()).toBe('<html><head><title>one</title></head></html>');
    });

    it('answers a new build once it is deployed', async () => {
      target.deploy('<html><head><title>one</title></head></html>');
      expect(await target.shell.html()).toContain('one');
      target.deploy('<html><head><title>two</title></head></html>');
      target.settle();
      // The HTTP adapter answers its copy while it fetches the next, so a reader waits for no one.
      expect(await eventually(() => target.shell.html(), (html) => html?.includes('two') ?? false)).toContain('two');
    });
  });
}

describeStoreShellContract('file (single machine)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mkt-shell-'));
  const path = join(dir, 'index.html');
  let stamp = Date.now() / 1000 - 100;
  return {
    shell: new FileStoreShell(path),
    deploy(html) {
      if (html === null) rmSync(path, { force: true });
      else writeFileSync(path, html);
    },
    settle() {
      // A build a second later (file systems keep coarse times; the size may not change).
      stamp += 1;
      utimesSync(path, stamp, stamp);
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

/** The web container: nginx's index.html with its ETag, 304 when it has not changed. */
async function webContainer(): Promise<{ server: Server; url: string; set(html: string | null): void; requests: string[] }> {
  let html: string | null = null;
  let version = 0;
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const etag = `"v${version}"`;
    requests.push(request.headers['if-none-match'] === etag ? 'revalidated' : 'fetched');
    if (html === null) return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`,
    set(next) {
      html = next;
      version += 1;
    },
    requests,
  };
}

describeStoreShellContract('http (distributed)', async () => {
  const web = await webContainer();
  let now = 0;
  return {
    shell: new HttpStoreShell(web.url, { now: () => now, freshMs: 10_000, retryMs: 1_000 }),
    deploy: (html) => web.set(html),
    settle() {
      now += 10_000;
    },
    dispose: () => new Promise<void>((resolve) => web.server.close(() => resolve())),
  };
});

describe('HttpStoreShell', () => {
  it('asks again only after its copy is old, revalidating with the ETag, and keeps its copy while the web container is away', async () => {
    const web = await webContainer();
    let now = 0;
    const errors: unknown[] = [];
    const shell = new HttpStoreShell(web.url, { now: () => now, freshMs: 10_000, retryMs: 1_000, onError: (error) => errors.push(error) });
    try {
      web.set('<html><head></head></html>');
      await Promise.all([shell.html(), shell.html(), shell.html()]);
      expect(web.requests).toEqual(['fetched']);
      now += 5_000;
      await shell.html();
      expect(web.requests).toEqual(['fetched']);
      now += 5_000;
      expect(await shell.html()).toBe('<html><head></head></html>');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(web.requests).toEqual(['fetched', 'revalidated']);

      // Gone (404, then not listening at all): the last copy is answered, one warning per retry.
      web.set(null);
      now += 10_000;
      await shell.html();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await shell.html()).toBe('<html><head></head></html>');
      expect(errors).toHaveLength(1);
      expect(String(errors[0])).toMatch(/answered 404/);
    } finally {
      await new Promise<void>((resolve) => web.server.close(() => resolve()));
    }
    now += 1_000;
    expect(await shell.html()).toBe('<html><head></head></html>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toHaveLength(2);
  });

  it('refuses what is not a page: another type, or more than a shell can be', async () => {
    const answers: Response[] = [new Response('{}', { headers: { 'content-type': 'application/json' } }), new Response('x'.repeat(1024 * 1024 + 1), { headers: { 'content-type': 'text/html' } })];
    const errors: unknown[] = [];
    let now = 0;
    const shell = new HttpStoreShell('http://web:8080/index.html', { now: () => now, fetch: async () => answers.shift()!, onError: (error) => errors.push(error) });
    expect(await shell.html()).toBeNull();
    now += 10_000;
    expect(await shell.html()).toBeNull();
    expect(errors.map(String)).toEqual([expect.stringMatching(/application\/json/), expect.stringMatching(/more than 1048576 bytes/)]);
  });
});
