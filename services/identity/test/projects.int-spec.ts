import type { UserView } from '@mkt/contracts';
import { startIdentity, type Harness } from './identity-harness.js';

type ErrorBody = { code: number; success: boolean; message: string };
type Project = { id: string; name: string; customerId: string; status: number; videoBranches: number; photoBranches: number; validUntil: string | null };

const newProject = {
  id: 'PRJ-TEST-01',
  name: '测试项目',
  customerId: 'ENT-0042',
  companyName: '测试企业有限公司',
  status: 1,
  videoBranches: 3,
  photoBranches: 5,
  projectType: 'corporate',
  region: 'global',
  duration: '3y',
  purpose: '企业年会视频',
  validUntil: '2027-12-31T15:59:59.000Z',
};

describe('identity: enterprise projects and administrators', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startIdentity();
    admin = await h.staffToken('admin', 'admin12345');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('seeds the demo project, announces it, and gives the session the project id and administrator flag', async () => {
    const seeded = await h.admin<Project>('GET', '/projects/PRJ-2026-01', { token: admin });
    expect(seeded.body).toMatchObject({ id: 'PRJ-2026-01', customerId: 'ENT-0001', status: 1, videoBranches: 50, photoBranches: 200 });
    const announced = await h.sql<{ payload: { projectId: string; status: number } }>(`SELECT payload FROM identity.outbox WHERE name = 'customer.project.changed'`);
    expect(announced.map((e) => e.payload)).toContainEqual(expect.objectContaining({ projectId: 'PRJ-2026-01', status: 1, videoBranches: 50 }));
    const session = async (account: string) => ((await h.call('/session', { token: await h.signIn(account) })).body as unknown as { data: UserView }).data;
    expect(await session('13800000004')).toMatchObject({ projectId: 'PRJ-2026-01', enterpriseAdmin: true });
    expect(await session('13800000006')).toMatchObject({ projectId: 'PRJ-2026-01', enterpriseAdmin: false });
  });

  it('creates and edits projects with an audit entry and an announcement for each change', async () => {
    const created = await h.admin<Project>('POST', '/projects', { token: admin, body: newProject });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'PRJ-TEST-01', videoBranches: 3, validUntil: '2027-12-31T15:59:59.000Z' });
    const again = await h.admin('POST', '/projects', { token: admin, body: { ...newProject, id: 'prj-test-01' }, lang: 'zh-CN' });
    expect(again.status).toBe(409);
    expect(again.body as unknown as ErrorBody).toMatchObject({ code: 2402, message: '项目编号已存在' });

    const ended = await h.admin<Project>('PUT', '/projects/PRJ-TEST-01', { token: admin, body: { status: 2, videoBranches: 4, validUntil: null } });
    expect(ended.body).toMatchObject({ status: 2, videoBranches: 4, validUntil: null });
    const unchanged = await h.admin<Project>('PUT', '/projects/PRJ-TEST-01', { token: admin, body: { status: 2 } });
    expect(unchanged.status).toBe(200);

    const log = await h.admin<{ action: string; before: Project | null; after: Project }[]>('GET', `/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'projects', resourceId: 'PRJ-TEST-01' }))}&sort=["at","ASC"]`, { token: admin });
    expect(log.body.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log.body[1]).toMatchObject({ before: { status: 1, videoBranches: 3 }, after: { status: 2, videoBranches: 4 } });
    const events = await h.sql<{ payload: { status: number; videoBranches: number } }>(
      `SELECT payload FROM identity.outbox WHERE name = 'customer.project.changed' AND aggregate_id = 'PRJ-TEST-01' ORDER BY position`,
    );
    expect(events.map((e) => [e.payload.status, e.payload.videoBranches])).toEqual([[1, 3], [2, 4]]);

    const list = await h.admin<Project[]>('GET', `/projects?filter=${encodeURIComponent('{"customerId":"ENT-0042"}')}`, { token: admin });
    expect(list.body.map((p) => p.id)).toEqual(['PRJ-TEST-01']);
    expect(list.headers.get('content-range')).toBe('projects 0-0/1');
  });

  it('refuses malformed projects with a 4xx and changes nothing', async () => {
    for (const body of [
      { ...newProject, id: 'x' },
      { ...newProject, id: 'has space' },
      { ...newProject, id: 'PRJ-BAD', videoBranches: -1 },
      { ...newProject, id: 'PRJ-BAD', status: 7 },
      { ...newProject, id: 'PRJ-BAD', region: 'moon' },
      { ...newProject, id: 'PRJ-BAD', validUntil: 'tomorrow' },
      { ...newProject, id: 'PRJ-BAD', name: '' },
    ]) {
      const reply = await h.admin('POST', '/projects', { token: admin, body });
      expect(reply.status).toBe(422);
    }
    expect(await h.sql(`SELECT 1 FROM identity.projects WHERE id = 'PRJ-BAD'`)).toEqual([]);
    expect((await h.admin('PUT', '/projects/PRJ-2026-01', { token: admin, body: { photoBranches: 'many' } })).status).toBe(422);
    for (const bad of ['sort=["purpose","ASC"]', 'filter={"status":"x"}', 'filter={"status":9}', 'range=[5,1]', 'filter={oops']) {
      expect((await h.admin('GET', `/projects?${bad}`, { token: admin })).status).toBe(422);
    }
    expect((await h.admin('GET', '/projects/NOPE-404', { token: admin })).status).toBe(404);
    expect((await h.admin('GET', '/projects/..%2F..', { token: admin })).status).toBe(404);
    expect((await h.admin('PUT', '/projects/NOPE-404', { token: admin, body: { status: 1 } })).status).toBe(404);
  });

  it('lets sales keep projects, finance read them, and nobody else', async () => {
    const sales = await h.staffToken('sales', 'sales12345');
    const finance = await h.staffToken('finance', 'finance12345');
    const reviewer = await h.staffToken('reviewer', 'reviewer12345');
    expect((await h.admin('PUT', '/projects/PRJ-2026-01', { token: sales, body: { photoBranches: 210 } })).status).toBe(200);
    expect((await h.admin('GET', '/projects', { token: finance })).status).toBe(200);
    expect((await h.admin('PUT', '/projects/PRJ-2026-01', { token: finance, body: { photoBranches: 1 } })).status).toBe(403);
    expect((await h.admin('POST', '/projects', { token: finance, body: { ...newProject, id: 'PRJ-FIN' } })).status).toBe(403);
    expect((await h.admin('GET', '/projects', { token: reviewer })).status).toBe(403);
    expect((await h.admin('GET', '/projects')).status).toBe(401);
  });

  it('only points users at an existing project of their own company, and announces the administrator flag', async () => {
    const [user] = (await h.admin<{ id: string }[]>('GET', `/users?filter=${encodeURIComponent('{"q":"13800000001"}')}`, { token: admin })).body;
    const unknown = await h.admin('PUT', `/users/${user!.id}`, { token: admin, body: { customerId: 'ENT-0001', projectId: 'PRJ-NOPE' }, lang: 'zh-CN' });
    expect(unknown.status).toBe(422);
    expect(unknown.body as unknown as ErrorBody).toMatchObject({ code: 2401, message: '项目编号不存在，请先在“企业项目”中创建' });
    const otherCompany = await h.admin('PUT', `/users/${user!.id}`, { token: admin, body: { customerId: 'ENT-0001', projectId: 'PRJ-TEST-01' } });
    expect(otherCompany.status).toBe(422);
    expect((otherCompany.body as unknown as ErrorBody).message).toBe('This project belongs to another company; check the customer ID');
    expect((await h.sql<{ customer_id: string | null }>(`SELECT customer_id FROM identity.users WHERE id = $1`, [user!.id]))[0]?.customer_id).toBeNull();

    const joined = await h.admin<{ projectId: string; enterpriseAdmin: boolean }>('PUT', `/users/${user!.id}`, {
      token: admin,
      body: { customerId: 'ENT-0042', customerStatus: 1, customerType: 1, projectId: 'PRJ-TEST-01', enterpriseAdmin: true },
    });
    expect(joined.body).toMatchObject({ projectId: 'PRJ-TEST-01', enterpriseAdmin: true });
    const profiles = await h.sql<{ payload: unknown }>(`SELECT payload FROM identity.outbox WHERE name = 'customer.profile.changed' AND aggregate_id = $1`, [user!.id]);
    expect(profiles.map((p) => p.payload)).toEqual([
      { userId: user!.id, customerId: 'ENT-0042', customerStatus: 1, customerType: 1, projectId: 'PRJ-TEST-01', enterpriseAdmin: true },
    ]);
  });
});
