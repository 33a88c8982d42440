import { randomUUID } from 'node:crypto';
import type { CompanyLicencePage, PurchaseRequestView } from '@mkt/contracts';
import { pdfText } from '@mkt/platform/testing';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { P1, V1, V2, setUpProjectWorld } from '../../../services/orders/test/project-world.js';
import { voucher } from '../../../services/orders/test/purchase-world.js';

type World = Awaited<ReturnType<typeof setUpProjectWorld>>;

/**
 * The company licence history across orders (who licensed what, under which project) and
 * licensing (the files): an administrator of an enterprise customer sees every licence of the
 * company's accounts and opens each file through a grant the orders service signs for them.
 */
describe('single machine: the company licence history of an enterprise administrator', () => {
  let h: OrdersHarness;
  let member: World['member'];
  let colleague: World['colleague'];
  let call: World['call'];
  let download: World['download'];
  let profile: World['profile'];
  let sales = '';
  let finance = '';
  const admin = { id: randomUUID(), token: '' };
  const otherAdmin = { id: randomUUID(), token: '' };

  beforeAll(async () => {
    h = await startOrders();
    ({ member, colleague, call, download, profile } = await setUpProjectWorld(h));
    sales = await h.staffToken(['sales']);
    finance = await h.staffToken(['finance']);
    await profile(admin.id, { enterpriseAdmin: true });
    await profile(otherAdmin.id, { customerId: 'ENT-OTHER', projectId: null, enterpriseAdmin: true });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.customers`)).length === 4);
    admin.token = await h.userToken(admin.id);
    otherAdmin.token = await h.userToken(otherAdmin.id);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const history = (token: string, body: Record<string, unknown> = {}, lang = 'en') => call<CompanyLicencePage>('/project/licences', token, body, lang);

  it('lists project downloads and approved purchases with their projects, and opens their files for the administrator only', async () => {
    const downloaded = (await download(member.token, V1)).body.data;
    // A colleague's purchase request, approved, quoted, paid and confirmed: licensed under the project it was asked in.
    const asked = await call<{ id: string }>('/project/purchase/request', colleague.token, { materialIds: [V2, P1], contact: '王采购' });
    const approved = await call<PurchaseRequestView>('/project/purchase/approve', admin.token, { id: asked.body.data.id });
    const orderId = approved.body.data.orderId!;
    const lines = (await h.admin<{ items: { itemId: number }[] }>('GET', `/orders/${orderId}`, { token: sales })).body.items;
    const items = lines.map((line, i) => ({ itemId: line.itemId, priceFen: [30_000, 12_000][i] }));
    expect((await h.admin('POST', `/orders/${orderId}/quote`, { token: sales, body: { items, validUntil: new Date(Date.now() + 86_400_000).toISOString() } })).status).toBe(200);
    expect((await h.call('/order/pay', { token: colleague.token, form: voucher(orderId) })).status).toBe(200);
    expect((await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance })).status).toBe(200);

    const page = await h.eventually(async () => {
      const listed = await history(admin.token);
      return listed.body.data.total === 3 ? listed.body.data : null;
    });
    expect(page.projects).toEqual([{ projectId: 'PRJ-T-1', name: '星河 2026 品牌片' }]);
    expect(page.infos.map((line) => [line.code, line.projectName, line.licenceType, line.priceFen])).toEqual([
      ['V9202', '星河 2026 品牌片', 'commercial', 30_000],
      ['P9204', '星河 2026 品牌片', 'commercial', 12_000],
      ['V9201', '星河 2026 品牌片', 'commercial', 0],
    ]);
    expect(page.infos[2]).toMatchObject({ orderId: downloaded.orderId, itemId: downloaded.itemId, title: 'City skyline' });
    // Filters: a code or title, a project.
    expect((await history(admin.token, { q: 'waves' })).body.data.infos.map((line) => line.code)).toEqual(['V9202']);
    expect((await history(admin.token, { q: '100%' })).body.data.total).toBe(0);
    expect((await history(admin.token, { projectId: 'PRJ-NONE' })).body.data.total).toBe(0);
    expect((await history(admin.token, {}, 'zh-CN')).body.data.infos[2]!.title).toBe('城市天际线');

    // The file: its administrator only, with the grant as it was signed.
    const grant = page.infos[2]!.fileGrant;
    const link = await call<{ url: string }>('/licence/company-file', admin.token, { grant });
    expect(link.status).toBe(200);
    const pdf = pdfText(Buffer.from(await (await h.fetchLink(link.body.data.url)).arrayBuffer()));
    expect(pdf).toContain('PRJ-T-1');
    for (const token of [member.token, colleague.token, otherAdmin.token]) expect((await call('/licence/company-file', token, { grant })).status).toBe(404);
    const [claims, signature] = grant.split('.');
    const tampered = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...tampered, itemId: page.infos[0]!.itemId, orderId: page.infos[0]!.orderId })).toString('base64url')}.${signature}`;
    expect((await call('/licence/company-file', admin.token, { grant: forged })).status).toBe(404);
    for (const junk of ['', 'x'.repeat(401), 42, 'a\u0000b.c']) expect((await call('/licence/company-file', admin.token, { grant: junk })).status).toBe(422);
  });

  it('is the company administrator’s alone; a member’s hidden order leaves it', async () => {
    for (const token of [member.token, colleague.token, await h.userToken(randomUUID())]) expect((await history(token)).status).toBe(403);
    expect((await history(otherAdmin.token)).body.data).toMatchObject({ total: 0, infos: [], projects: [] });
    for (const body of [{ pageSize: 0 }, { pageNo: 'x' }, { q: 'a\u0000' }, { pageSize: 10 ** 30 }]) expect((await history(admin.token, body)).status).toBe(422);

    const [approvedOrder] = await h.sql<{ id: string }>(`SELECT id FROM orders.orders WHERE kind = 'material' AND user_id = $1`, [colleague.id]);
    expect((await call('/order/hide', colleague.token, { id: approvedOrder!.id, hidden: true })).status).toBe(200);
    expect((await history(admin.token)).body.data.infos.map((line) => line.code)).toEqual(['V9201']);
    expect((await call('/order/hide', colleague.token, { id: approvedOrder!.id, hidden: false })).status).toBe(200);
  });

  it('exports the history as a CSV file spreadsheet programs open, in the caller’s language', async () => {
    const response = await fetch(`${h.url}/api/project/licences/csv`, {
      method: 'POST',
      headers: { access_token: admin.token, 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ projectId: 'PRJ-T-1' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('company-licences.csv');
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('授权日期 (UTC+8),订单号,成员,联系方式,素材编号,标题,类型,项目,授权类型,用途,金额 (元)');
    expect(lines).toHaveLength(4);
    // Shown in UTC+8, as the store shows times.
    const newest = (await history(admin.token)).body.data.infos[0]!;
    expect(lines[1]!.startsWith(`${new Date(Date.parse(newest.licensedAt) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')},${newest.orderNo},`)).toBe(true);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d,LS\d+,.*,V9202,海浪,视频,星河 2026 品牌片,商业授权,品牌宣传片,300\.00$/);
    const refused = await fetch(`${h.url}/api/project/licences/csv`, { method: 'POST', headers: { access_token: member.token, 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(403);
    // Malformed filters get the localized JSON refusal, not a file.
    for (const body of ['{"q":"a\\u0000"}', '{"projectId":42}', '{"q":"' + 'x'.repeat(61) + '"}', '{not json']) {
      const bad = await fetch(`${h.url}/api/project/licences/csv`, { method: 'POST', headers: { access_token: admin.token, 'content-type': 'application/json', 'accept-language': 'zh-CN' }, body });
      expect([bad.status >= 400 && bad.status < 500, bad.headers.get('content-type')]).toEqual([true, expect.stringMatching(/^application\/json/)]);
      expect(((await bad.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
