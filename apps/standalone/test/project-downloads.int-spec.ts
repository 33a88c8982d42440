import { randomUUID } from 'node:crypto';
import { type LicenceView, type OrderListResponse, type PurchasedMaterial } from '@mkt/contracts';
import { pdfText } from '@mkt/platform/testing';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { P2, V1, setUpProjectWorld } from '../../../services/orders/test/project-world.js';

type World = Awaited<ReturnType<typeof setUpProjectWorld>>;

/**
 * Downloads under an enterprise project (spec section 6, /DownloadList) across orders and
 * licensing: each download is a project order that licensing turns into an authorization file
 * with the project's terms and a download right. Allowances, project states and who may download
 * are the orders service's own tests (services/orders/test/projects.int-spec.ts).
 */
describe('single machine: a download under an enterprise project, licensed and delivered', () => {
  let h: OrdersHarness;
  let member: World['member'];
  let colleague: World['colleague'];
  let call: World['call'];
  let download: World['download'];
  let info: World['info'];
  let profile: World['profile'];
  let project: World['project'];

  beforeAll(async () => {
    h = await startOrders();
    ({ member, colleague, call, download, info, profile, project } = await setUpProjectWorld(h));
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('licenses a download under the project: a project order, an authorization file with the project terms, the original', async () => {
    const first = await download(member.token, V1);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ alreadyLicensed: false, itemId: expect.any(Number) });
    const { orderId, itemId } = first.body.data;

    const licences = await h.eventually(async () => {
      const list = (await call<LicenceView[]>('/licence/list', member.token, { orderId })).body.data;
      return list.length === 1 && list[0]!.status === 'generated' ? list : null;
    });
    const [{ terms }] = await h.sql<{ terms: Record<string, string> }>(`SELECT terms FROM licensing.licences WHERE id = $1`, [licences[0]!.licenceId]);
    expect(terms).toMatchObject({ licenceType: '商业授权 / Commercial', buyerCompany: '星河传媒有限公司', projectName: '星河 2026 品牌片', region: '全球 / Global', enterpriseProject: 'PRJ-T-1' });
    const pdf = await fetch(`${h.url}${(await call<{ url: string }>('/licence/file', member.token, { licenceId: licences[0]!.licenceId })).body.data.url}`);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('企业项目编号 / Enterprise project');
    expect(text).toContain('PRJ-T-1');
    expect(text).toContain('星河传媒有限公司');

    const link = await call<{ url: string }>('/download/original', member.token, { orderId, itemId });
    const file = await fetch(`${h.url}${link.body.data.url}`);
    expect(await file.text()).toBe('video-one');
    expect(file.headers.get('content-disposition')).toContain('V9201.mp4');

    // Listed on /DownloadList and /OrderMaterialList, but not among the orders to pay or invoice.
    const listed = (await call<PurchasedMaterial[]>('/licence/materials', member.token, { source: 'project' })).body.data;
    expect(listed.map((m) => [m.materialId, m.projectId, m.delivery, m.downloadable])).toEqual([[V1, 'PRJ-T-1', 'original', true]]);
    expect((await call<PurchasedMaterial[]>('/licence/materials', member.token)).body.data).toHaveLength(1);
    expect((await call<OrderListResponse>('/order/list', member.token)).body.data.total).toBe(0);
    const invoice = await call('/invoice/apply', member.token, { orderId, region: 'mainland', companyName: 'x', taxNumber: '91310000MA1FL0000X', bank: 'b', account: 'a', address: 'd', phone: 'p', recipient: 'r', recipientAddress: 'ra', recipientPhone: 'rp' });
    expect([invoice.status, invoice.body.code, invoice.body.message]).toEqual([409, 5032, 'Project downloads are invoiced with the project contract; please contact service']);
    const refund = await call('/refund/apply', member.token, { orderId, reason: 'quality', description: 'blurry' });
    expect([refund.status, refund.body.code]).toEqual([409, 5040]);
    expect(await info(member.token)).toMatchObject({ videoUsed: 1, videoCanDownload: true });
  });

  it('opens downloads only while the project is in progress and within its dates', async () => {
    await project({ status: 0 });
    expect(await info(member.token)).toMatchObject({ projectStatus: 0, videoCanDownload: false, photoCanDownload: false });
    const pending = await download(member.token, V1);
    expect([pending.status, pending.body.code, pending.body.message]).toEqual([403, 5051, 'The project has not started or has ended; downloads are paused']);
    await project({ status: 1, validUntil: new Date(Date.now() - 86_400_000).toISOString() });
    expect(await info(member.token)).toMatchObject({ projectStatus: 2, photoCanDownload: false });
    expect((await download(member.token, P2)).status).toBe(403);
    await project({ status: 2 });
    expect((await download(member.token, P2)).status).toBe(403);
    // What was licensed stays downloadable after the project ends.
    const [first] = (await call<PurchasedMaterial[]>('/licence/materials', member.token, { source: 'project' })).body.data.filter((m) => m.materialId === V1);
    expect((await call('/download/original', member.token, { orderId: first!.orderId, itemId: first!.itemId })).status).toBe(200);
    await project();
  });

  it('belongs to active enterprise customers of the project’s own company only', async () => {
    const outsider = randomUUID();
    await profile(outsider, { customerId: 'ENT-OTHER' });
    const suspended = randomUUID();
    await profile(suspended, { customerStatus: 0 });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.customers WHERE user_id = ANY($1::uuid[])`, [[outsider, suspended]])).length === 2);
    for (const userId of [outsider, suspended]) {
      const token = await h.userToken(userId);
      expect((await call('/project/info', token)).status).toBe(404);
      expect((await download(token, P2)).status).toBe(404);
    }
    // Another member's project download is theirs alone.
    const [mine] = (await call<PurchasedMaterial[]>('/licence/materials', member.token, { source: 'project' })).body.data;
    expect((await call('/download/original', colleague.token, { orderId: mine!.orderId, itemId: mine!.itemId })).status).toBe(404);
    expect((await call('/order/detail', colleague.token, { id: mine!.orderId })).status).toBe(404);
    expect((await call('/licence/materials', member.token, { source: 'mine' })).status).toBe(422);
  });
});
