import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { SITE_VERIFICATION_NAME, loadConfig } from '@mkt/platform';
import { serveWebApps } from '../src/web-apps.js';

/** The store's root answers configured verification files as text and everything else as the store. */
describe('site-verification files', () => {
  let root: string;
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'web-apps-'));
    mkdirSync(join(root, 'web-store', 'dist'), { recursive: true });
    writeFileSync(join(root, 'web-store', 'dist', 'index.html'), '<html>store</html>');
    const files = loadConfig({ SITE_VERIFICATION_FILES: 'baidu_verify_abc.txt=code-abc123\n 9f2b.txt = token with spaces ' }).http.siteVerificationFiles;
    server = Fastify();
    serveWebApps(server, root, files);
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a configured path with its text as text/plain', async () => {
    const response = await fetch(`${base}/baidu_verify_abc.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('code-abc123');
    expect(await (await fetch(`${base}/9f2b.txt`)).text()).toBe('token with spaces');
  });

  it('leaves any other path, including unconfigured .txt names, to the store and its 404 page', async () => {
    for (const path of ['/other.txt', '/baidu_verify_abc.txt/x', '/x/baidu_verify_abc.txt', '/BAIDU_VERIFY_ABC.txt']) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe('<html>store</html>');
    }
  });

  it('does not answer writes', async () => {
    const response = await fetch(`${base}/baidu_verify_abc.txt`, { method: 'POST' });
    expect(await response.text()).not.toBe('code-abc123');
  });

  it('refuses unsafe names, empty or unprintable contents and duplicates at start', () => {
    for (const bad of ['../etc.txt=x', 'a/b.txt=x', 'index.html=x', `${'a'.repeat(65)}.txt=x`, 'a.txt=', 'a.txt', 'a.txt=x\u0000y', 'a.txt=1,a.txt=2', '.txt=x']) {
      expect(() => loadConfig({ SITE_VERIFICATION_FILES: bad })).toThrow(/SITE_VERIFICATION_FILES/);
    }
    expect(loadConfig({}).http.siteVerificationFiles).toEqual({});
  });

  it('lets the nginx image answer exactly the names the server accepts', () => {
    const dockerfile = readFileSync(join(import.meta.dirname, '../../../Dockerfile'), 'utf8');
    const location = /location ~ "(\^\/[^"]+)"/.exec(dockerfile)?.[1];
    expect(location?.replace('^/', '^')).toBe(SITE_VERIFICATION_NAME.source);
    expect(dockerfile).toContain(`grep -Eq '${SITE_VERIFICATION_NAME.source}'`);
  });
});
