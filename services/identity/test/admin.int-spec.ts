import { startIdentity, type Harness } from './identity-harness.js';

type ErrorBody = { code: number; success: boolean; message: string };

describe('identity: console API for staff (react-admin REST)', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startIdentity();
    admin = await h.staffToken('admin', 'admin12345');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses wrong passwords and unknown staff alike, localized', async () => {
    const wrong = await h.admin('POST', '/auth/login', { body: { username: 'admin', password: 'nope-nope' }, lang: 'zh-CN' });
    expect(wrong.status).toBe(401);
    expect(wrong.body as unknown as ErrorBody).toMatchObject({ code: 2101, message: '用户名或密码错误' });
    const unknown = await h.admin('POST', '/auth/login', { body: { username: 'ghost', password: 'whatever1' } });
    expect((unknown.body as unknown as ErrorBody).code).toBe(2101);
    const malformed = await h.admin('POST', '/auth/login', { body: { username: '' } });
    expect(malformed.status).toBe(422);
  });

  it('lists users with filters, paging and Content-Range', async () => {
    const all = await h.admin<unknown[]>('GET', '/users?sort=["createdAt","ASC"]&range=[0,1]', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    expect(all.headers.get('content-range')).toMatch(/^users 0-1\/6$/);
    const contributors = await h.admin<{ gid: number }[]>('GET', `/users?filter=${encodeURIComponent('{"gid":2}')}`, { token: admin });
    expect(contributors.body.map((u) => u.gid)).toEqual([2]);
    const search = await h.admin<{ phone: string }[]>('GET', `/users?filter=${encodeURIComponent('{"q":"0004"}')}`, { token: admin });
    // Found by the full number, listed masked (see user-contact.int-spec.ts).
    expect(search.body.map((u) => u.phone)).toEqual(['138****0004']);
    for (const bad of ['sort=["password","ASC"]', 'range=[5,1]', 'filter={oops', 'filter={"gid":"x"}']) {
      const reply = await h.admin('GET', `/users?${bad}`, { token: admin });
      expect(reply.status).toBe(422);
    }
    expect((await h.admin('GET', '/users/not-a-uuid', { token: admin })).status).toBe(404);
  });

  it('edits gid and flags, writes the audit log and announces the change', async () => {
    const [user] = (await h.admin<{ id: string }[]>('GET', `/users?filter=${encodeURIComponent('{"q":"13800000001"}')}`, { token: admin })).body;
    const updated = await h.admin<{ gid: number; videoFlag: boolean }>('PUT', `/users/${user!.id}`, {
      token: admin,
      body: { ...user, gid: 3, videoFlag: true, signFlag: true, createdAt: 'ignored' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ gid: 3, videoFlag: true, signFlag: true });
    const log = await h.admin<{ action: string; resource: string; resourceId: string; staffUsername: string; before: { gid: number }; after: { gid: number } }[]>(
      'GET',
      `/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resourceId: user!.id }))}`,
      { token: admin },
    );
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ action: 'update', resource: 'users', staffUsername: 'admin', before: { gid: 0 }, after: { gid: 3 } });
    const events = await h.sql<{ payload: { changed: string[] } }>(`SELECT payload FROM identity.outbox WHERE name = 'user.updated' AND aggregate_id = $1`, [user!.id]);
    expect(events[0]?.payload.changed.sort()).toEqual(['gid', 'signFlag', 'videoFlag']);
    // Only customer fields are announced as customer.profile.changed.
    expect(await h.sql(`SELECT 1 FROM identity.outbox WHERE name = 'customer.profile.changed' AND aggregate_id = $1`, [user!.id])).toEqual([]);
    await h.admin('PUT', `/users/${user!.id}`, { token: admin, body: { customerId: 'ENT-0042', customerStatus: 1, customerType: 1 } });
    const profiles = await h.sql<{ payload: unknown }>(`SELECT payload FROM identity.outbox WHERE name = 'customer.profile.changed' AND aggregate_id = $1`, [user!.id]);
    expect(profiles.map((p) => p.payload)).toEqual([{ userId: user!.id, customerId: 'ENT-0042', customerStatus: 1, customerType: 1, projectId: null, enterpriseAdmin: false }]);
    const invalid = await h.admin('PUT', `/users/${user!.id}`, { token: admin, body: { gid: -1 } });
    expect(invalid.status).toBe(422);
  });

  it('checks roles on every call', async () => {
    const sales = await h.staffToken('sales', 'sales12345');
    const finance = await h.staffToken('finance', 'finance12345');
    const [user] = (await h.admin<{ id: string }[]>('GET', '/users', { token: finance })).body;
    expect((await h.admin('PUT', `/users/${user!.id}`, { token: finance, body: { verity: false } })).status).toBe(403);
    expect((await h.admin('PUT', `/users/${user!.id}`, { token: sales, body: { verity: true } })).status).toBe(200);
    expect((await h.admin('GET', '/staff', { token: sales })).status).toBe(403);
    expect((await h.admin('GET', '/audit-logs', { token: finance })).status).toBe(403);
    expect((await h.admin('GET', '/users')).status).toBe(401);
    expect((await h.admin('GET', '/users', { token: 'forged' })).status).toBe(401);
    // A store token is not a console token.
    const buyer = await h.signIn('13800000005');
    expect((await h.admin('GET', '/users', { token: buyer })).status).toBe(401);
  });

  it('creates and updates staff, refuses duplicates and self-lockout, audits without secrets', async () => {
    const created = await h.admin<{ id: string; username: string; roles: string[] }>('POST', '/staff', {
      token: admin,
      body: { username: 'Quoter', displayName: '报价 周', password: 'quote-pass-1', roles: ['sales', 'finance'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'quoter', roles: ['sales', 'finance'] });
    expect(created.body).not.toHaveProperty('passwordHash');
    const duplicate = await h.admin('POST', '/staff', {
      token: admin,
      body: { username: 'quoter', displayName: 'x', password: 'another-pass', roles: ['sales'] },
    });
    expect(duplicate.status).toBe(409);
    const quoter = await h.staffToken('quoter', 'quote-pass-1');
    expect((await h.admin('GET', '/users', { token: quoter })).status).toBe(200);

    const disabled = await h.admin('PUT', `/staff/${created.body.id}`, { token: admin, body: { disabled: true, password: '' } });
    expect(disabled.status).toBe(200);
    expect(((await h.admin('GET', '/users', { token: quoter })).body as unknown as ErrorBody).code).toBe(3);

    const me = (await h.admin<{ id: string }>('GET', '/auth/me', { token: admin })).body;
    expect((await h.admin('PUT', `/staff/${me.id}`, { token: admin, body: { disabled: true } })).status).toBe(403);

    await h.admin('PUT', `/staff/${created.body.id}`, { token: admin, body: { disabled: false } });
    expect((await h.admin('GET', '/users', { token: quoter })).status).toBe(200);
    const changedPassword = await h.admin('PUT', `/staff/${created.body.id}`, { token: admin, body: { password: 'brand-new-pass' } });
    expect(changedPassword.status).toBe(200);
    // A reset password ends the sessions opened with the old one.
    expect((await h.admin('GET', '/users', { token: quoter })).status).toBe(401);
    expect((await h.admin('GET', '/users', { token: admin })).status).toBe(200);
    const log = await h.admin<{ after: Record<string, unknown> }[]>('GET', `/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'staff' }))}&sort=["at","DESC"]`, { token: admin });
    expect(log.body).toHaveLength(4);
    expect(JSON.stringify(log.body)).not.toMatch(/scrypt\$/);
    expect(log.body[0]?.after.password).toBe('[redacted]');
  });

  it('ends the staff session on logout', async () => {
    const token = await h.staffToken('reviewer', 'reviewer12345');
    expect((await h.admin('POST', '/auth/logout', { token })).status).toBe(200);
    expect((await h.admin('GET', '/auth/me', { token })).status).toBe(401);
  });
});
