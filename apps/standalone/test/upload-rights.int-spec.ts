import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentityModule } from '@mkt/identity';
import { UploadsModule } from '@mkt/uploads';
import { startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';

/**
 * Who may upload, as identity knows it now: the uploads service reads the contributor fields
 * from identity's session check in the same process, so agreeing to the photo supplement opens
 * photo upload for gid 2 at once, with the same token.
 */
describe('single machine: upload rights come live from identity', () => {
  let db: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-standalone-'));
  let server: RunningServiceProcess;
  const post = async (path: string, token: string, body: object = {}) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', access_token: token },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { code: number; message: string } };
  };
  const signIn = async (account: string) => {
    await fetch(`${server.url}/api/user/code/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account }) });
    const mailbox = (await (await fetch(`${server.url}/dev/mailbox?to=${account}`)).json()) as { messages: { code: string }[] };
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, code: mailbox.messages[0]!.code }),
    });
    return ((await login.json()) as { data: { token: string } }).data.token;
  };
  const video = { fileName: 'clip.mp4', fileSize: 20 * 1024 * 1024 };
  const photo = { fileName: 'photo.jpg', fileSize: 5 * 1024 * 1024, width: 4000, height: 3000 };

  beforeAll(async () => {
    db = await createTestDatabase('standalone');
    server = await startServiceProcess({
      title: 'identity and uploads under test',
      modules: [IdentityModule, UploadsModule],
      env: {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'true',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the gid-3 contributor upload both kinds and refuses the buyer', async () => {
    const contributor = await signIn('13800000003');
    expect((await post('/upload/token/video', contributor, video)).body.code).toBe(0);
    expect((await post('/upload/token/photo', contributor, photo)).body.code).toBe(0);
    const buyer = await signIn('13800000001');
    const refused = await post('/upload/token/video', buyer, video);
    expect([refused.status, refused.body.code]).toEqual([403, 4002]);
  });

  it('opens photo upload for gid 2 once the supplement is agreed', async () => {
    const token = await signIn('13800000002');
    expect((await post('/upload/token/video', token, video)).body.code).toBe(0);
    expect((await post('/upload/token/photo', token, photo)).body.code).toBe(4002);
    expect((await post('/user/protocol/agree', token)).body.code).toBe(0);
    expect((await post('/upload/token/photo', token, photo)).body.code).toBe(0);
  });
});
