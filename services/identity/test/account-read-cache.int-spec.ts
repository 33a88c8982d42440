import pg from 'pg';
import { ErrorCode } from '@mkt/contracts';
import { AccountChangeListener } from '../src/sessions/account-change-listener.js';
import { AccountReadCache } from '../src/sessions/account-read-cache.js';
import { startIdentity, type Harness } from './identity-harness.js';

const body = (reply: { body: unknown }) => reply.body as { code: number; data?: { nickname?: string; gid?: number } };

/** Signed-in calls read sessions and accounts from AccountReadCache, which every write empties. */
describe('identity: sessions and accounts kept between writes', () => {
  let h: Harness;
  let cache: AccountReadCache;

  beforeAll(async () => {
    h = await startIdentity();
    cache = h.server.app.get(AccountReadCache);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('drops what it kept when another process writes (a replica, or a row changed by hand)', async () => {
    const token = await h.signIn('13911120002');
    expect(body(await h.call('/session', { token })).code).toBe(0);
    expect(cache.size).toBeGreaterThan(0);
    const other = new pg.Client({ connectionString: h.db.url });
    await other.connect();
    try {
      await other.query(`UPDATE identity.users SET disabled = true WHERE phone = '13911120002'`);
    } finally {
      await other.end();
    }
    // PostgreSQL announces the commit; without the listener the kept session would answer 0 forever.
    const deadline = Date.now() + 5_000;
    let code = 0;
    while (code !== ErrorCode.ACCOUNT_DISABLED && Date.now() < deadline) {
      code = body(await h.call('/session', { token })).code;
      if (code !== ErrorCode.ACCOUNT_DISABLED) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(code).toBe(ErrorCode.ACCOUNT_DISABLED);
  });

  it('refuses an ended session of a staff member at the next console call', async () => {
    const token = await h.staffToken('sales', 'sales12345');
    expect((await h.admin('GET', '/auth/me', { token })).status).toBe(200);
    await h.sql(`UPDATE identity.sessions SET ended_at = now() WHERE kind = 'staff' AND ended_at IS NULL`);
    expect((await h.admin('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('answers a repeated call from what it kept, and a write of this process at once', async () => {
    // PostgreSQL's notice of each write arrives within a millisecond or so, but only the process's
    // own watcher makes the very next call see it for certain: here it is the only one left.
    await h.server.app.get(AccountChangeListener).onApplicationShutdown();
    cache.setLive(true);
    const token = await h.signIn('13911120001');
    expect(body(await h.call('/session', { token })).code).toBe(0);
    expect(cache.size).toBeGreaterThanOrEqual(2); // the session and the account's view
    await h.sql(`UPDATE identity.users SET nickname = 'renamed' WHERE phone = '13911120001'`);
    expect(body(await h.call('/session', { token })).data?.nickname).toBe('renamed');
    // The same goes for what decides upload rights.
    await h.sql(`UPDATE identity.users SET gid = 2 WHERE phone = '13911120001'`);
    expect(body(await h.call('/session', { token })).data?.gid).toBe(2);
    expect(body(await h.call('/logoff', { token })).code).toBe(0);
    expect(body(await h.call('/session', { token })).code).toBe(ErrorCode.TOKEN_INVALID);
  });
});
