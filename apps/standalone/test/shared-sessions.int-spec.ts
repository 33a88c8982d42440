import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueModule } from '@mkt/catalogue';
import { IdentityModule } from '@mkt/identity';
import { startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';

/** With every service in one process, identity's session checks apply to the others' calls too. */
describe('single machine: sessions shared across services', () => {
  let db: TestDatabase;
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
        DATA_DIR: mkdtempSync(join(tmpdir(), 'mkt-standalone-')),
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'true',
        DEMO_CATALOGUE_SIZE: '0',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
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
});
