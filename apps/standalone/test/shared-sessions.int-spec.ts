import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueModule } from '@mkt/catalogue';
import { IdentityModule } from '@mkt/identity';
import { startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';

/** With every service in one process: shared session checks, and one audit log fed over the event bus. */
describe('single machine: services working together', () => {
  let db: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-standalone-'));
  let server: RunningServiceProcess;
  const post = async (path: string, token?: string) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { access_token: token } : {}) },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as { code: number; message: string; data: never } };
  };

  beforeAll(async () => {
    db = await createTestDatabase('standalone');
    server = await startServiceProcess({
      title: 'standalone under test',
      modules: [IdentityModule, CatalogueModule],
      env: {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'true',
        DEMO_CATALOGUE_SIZE: '0',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends a logged-off token in the catalogue as well, and tells visitors the spec message', async () => {
    const account = '13800000001';
    await fetch(`${server.url}/api/user/code/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account }) });
    const mailbox = (await (await fetch(`${server.url}/dev/mailbox?to=${account}`)).json()) as { messages: { code: string }[] };
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, code: mailbox.messages[0]!.code }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    expect((await post('/home/preference', token)).body.code).toBe(0);
    expect((await post('/logoff', token)).body.code).toBe(0);
    const after = await post('/home/preference', token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(1001);

    const visitor = await post('/space/bookmark');
    expect(visitor.body).toMatchObject({ code: 1001, message: 'Please sign in use the function.' });
  });

  it('shows a staff change made in the catalogue in the console audit log, delivered through the bus', async () => {
    const login = await fetch(`${server.url}/admin-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'sales', password: 'sales12345' }),
    });
    const { token } = (await login.json()) as { token: string };
    const admin = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}/admin-api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      });
    const created = await admin('/hot-words', { method: 'POST', body: JSON.stringify({ wordZh: '雪山日出', wordEn: 'snowy sunrise', sort: 1 }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const adminLogin = await fetch(`${server.url}/admin-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin12345' }),
    });
    const adminToken = ((await adminLogin.json()) as { token: string }).token;
    const filter = encodeURIComponent(JSON.stringify({ resource: 'hot-words' }));
    let rows: { staffUsername: string; action: string; resourceId: string; after: { wordZh: string } }[] = [];
    for (let attempt = 0; attempt < 50 && rows.length === 0; attempt += 1) {
      const response = await fetch(`${server.url}/admin-api/audit-logs?filter=${filter}`, { headers: { authorization: `Bearer ${adminToken}` } });
      rows = (await response.json()) as typeof rows;
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffUsername: 'sales', action: 'create', resourceId: String(id), after: { wordZh: '雪山日出' } });
  });
});
