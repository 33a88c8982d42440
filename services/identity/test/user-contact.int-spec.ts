import { startIdentity, type Harness } from './identity-harness.js';

interface Listed {
  id: string;
  phone: string | null;
  email: string | null;
}

/**
 * Users' contact details in the console: masked in lists and details for every role; the roles
 * whose work needs them reveal one user's at a time, and each reveal is audited.
 */
describe('identity: users contact details in the console', () => {
  let h: Harness;
  let admin: string;
  let user: Listed;
  beforeAll(async () => {
    h = await startIdentity();
    admin = await h.staffToken('admin', 'admin12345');
    const search = await h.admin<Listed[]>('GET', `/users?filter=${encodeURIComponent('{"q":"buyer@enterprise"}')}`, { token: admin });
    expect(search.body).toHaveLength(1);
    user = search.body[0]!;
  });
  afterAll(async () => {
    await h?.close();
  });

  const reveals = () => h.sql<{ staff_username: string; after: unknown }>(`SELECT staff_username, after FROM identity.audit_log WHERE action = 'reveal' AND resource = 'users' AND resource_id = $1`, [user.id]);

  it.each([
    ['reviewer', 'reviewer12345'],
    ['contest', 'contest12345'],
  ])('shows %s masked phone and e-mail in the list and the detail, and refuses the reveal', async (username, password) => {
    const token = await h.staffToken(username, password);
    const list = await h.admin<Listed[]>('GET', '/users?range=[0,99]', { token });
    expect(list.status).toBe(200);
    const listed = list.body.find((row) => row.id === user.id);
    expect(listed).toMatchObject({ phone: '138****0004', email: 'b****r@enterprise.demo' });
    for (const row of list.body) expect(row.phone ?? '138****0000').toMatch(/^\d{3}\*{4}\d{4}$/);
    const detail = await h.admin<Listed>('GET', `/users/${user.id}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ phone: '138****0004', email: 'b****r@enterprise.demo' });
    const reveal = await h.admin('POST', `/users/${user.id}/reveal`, { token });
    expect(reveal.status).toBe(403);
    expect(await reveals()).toEqual([]);
  });

  it('lets only the roles that may see contact details search by them', async () => {
    const byEmail = `/users?filter=${encodeURIComponent('{"q":"buyer@enterprise"}')}`;
    const byPhone = `/users?filter=${encodeURIComponent('{"q":"13800000004"}')}`;
    const reviewer = await h.staffToken('reviewer', 'reviewer12345');
    expect((await h.admin<Listed[]>('GET', byEmail, { token: reviewer })).body).toEqual([]);
    expect((await h.admin<Listed[]>('GET', byPhone, { token: reviewer })).body).toEqual([]);
    expect((await h.admin<Listed[]>('GET', byPhone, { token: admin })).body.map((row) => row.id)).toEqual([user.id]);
  });

  it("gives an admin the masked view too, and the full details through an audited reveal", async () => {
    expect(user).toMatchObject({ phone: '138****0004', email: 'b****r@enterprise.demo' });
    expect((await h.admin<Listed>('GET', `/users/${user.id}`, { token: admin })).body).toMatchObject({ phone: '138****0004' });
    const revealed = await h.admin<Listed>('POST', `/users/${user.id}/reveal`, { token: admin });
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual({ id: user.id, phone: '13800000004', email: 'buyer@enterprise.demo' });
    expect(await reveals()).toEqual([{ staff_username: 'admin', after: { fields: ['phone', 'email'] } }]);
    const log = await h.admin<{ action: string }[]>('GET', `/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resourceId: user.id }))}`, { token: admin });
    expect(log.body.map((row) => row.action)).toEqual(['reveal']);
    expect((await h.admin('POST', '/users/00000000-0000-0000-0000-000000000000/reveal', { token: admin })).status).toBe(404);
    expect((await h.admin('POST', '/users/not-a-uuid/reveal', { token: admin })).status).toBe(404);
  });

  it('lets sales and finance reveal too, and keeps contact details out of the update audit', async () => {
    for (const [username, password] of [['sales', 'sales12345'], ['finance', 'finance12345']] as const) {
      const token = await h.staffToken(username, password);
      expect((await h.admin<Listed>('POST', `/users/${user.id}/reveal`, { token })).body.phone).toBe('13800000004');
    }
    const updated = await h.admin<Listed>('PUT', `/users/${user.id}`, { token: admin, body: { ...user, nickname: 'renamed' } });
    expect(updated.status).toBe(200);
    expect(updated.body.phone).toBe('138****0004');
    const [row] = await h.sql<{ before: Listed; after: Listed }>(`SELECT before, after FROM identity.audit_log WHERE action = 'update' AND resource_id = $1`, [user.id]);
    expect([row!.before.phone, row!.after.email]).toEqual(['138****0004', 'b****r@enterprise.demo']);
  });
});
