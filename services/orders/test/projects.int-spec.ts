import { randomUUID } from 'node:crypto';
import { MaterialPublished, OrderConfirmed, type OrderListResponse, type PayloadOf } from '@mkt/contracts';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { EXTERNAL, P1, P2, SONG, V1, V2, V3, sale, setUpProjectWorld } from './project-world.js';

type World = Awaited<ReturnType<typeof setUpProjectWorld>>;

/**
 * Downloads under an enterprise project (spec section 6, /DownloadList), as the orders service
 * keeps them: identity's projects and customer fields arrive as events; each download is a
 * project order born confirmed (announced as order.confirmed for licensing), counted once per
 * material against the project's allowances.
 */
describe('orders: downloads under an enterprise project', () => {
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

  it('gives the session its project data: status, allowances and what can still be downloaded', async () => {
    expect(await info(member.token)).toEqual({
      projectId: 'PRJ-T-1',
      name: '星河 2026 品牌片',
      companyName: '星河传媒有限公司',
      projectStatus: 1,
      videoBranches: 2,
      photoBranches: 1,
      videoUsed: 0,
      photoUsed: 0,
      videoCanDownload: true,
      photoCanDownload: true,
      validUntil: null,
    });
    const visitor = await h.call('/project/info', { lang: 'en' });
    expect([visitor.status, visitor.body.code, visitor.body.message]).toEqual([401, 1001, 'Please sign in use the function.']);
    const buyer = await call('/project/info', await h.userToken(), {}, 'zh-CN');
    expect([buyer.status, buyer.body.code, buyer.body.message]).toEqual([404, 5050, '您的账号没有可用的下载项目']);
  });

  it('records a download as a project order born confirmed, announced for licensing, outside payments and invoices', async () => {
    const first = await download(member.token, V1);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ alreadyLicensed: false, itemId: expect.any(Number) });
    const { orderId, itemId } = first.body.data;
    const [confirmed] = await h.announced<PayloadOf<typeof OrderConfirmed>>('order.confirmed', orderId);
    expect(confirmed).toMatchObject({ orderId, userId: member.id, kind: 'project', projectId: 'PRJ-T-1', items: [{ itemId, materialId: V1, code: 'V9201', originalKey: 'originals/m/v1/original.mp4' }] });
    expect(confirmed!.terms).toMatchObject({ buyerCompany: '星河传媒有限公司', projectName: '星河 2026 品牌片' });
    expect((await call<OrderListResponse>('/order/list', member.token)).body.data.total).toBe(0);
    const invoice = await call('/invoice/apply', member.token, { orderId, region: 'mainland', companyName: 'x', taxNumber: '91310000MA1FL0000X', bank: 'b', account: 'a', address: 'd', phone: 'p', recipient: 'r', recipientAddress: 'ra', recipientPhone: 'rp' });
    expect([invoice.status, invoice.body.code, invoice.body.message]).toEqual([409, 5032, 'Project downloads are invoiced with the project contract; please contact service']);
    const refund = await call('/refund/apply', member.token, { orderId, reason: 'quality', description: 'blurry' });
    expect([refund.status, refund.body.code]).toEqual([409, 5040]);
    expect(await info(member.token)).toMatchObject({ videoUsed: 1, videoCanDownload: true });
  });

  it('counts each material once per project and stops at the allowance with a clear message', async () => {
    const again = await download(member.token, V1);
    expect(again.body.data).toMatchObject({ alreadyLicensed: true });
    // A colleague licensing the same clip gets a file of their own; the project pays for it once.
    const shared = await download(colleague.token, V1);
    expect(shared.body.data.alreadyLicensed).toBe(true);
    expect(shared.body.data.orderId).not.toBe(again.body.data.orderId);
    expect(await info(member.token)).toMatchObject({ videoUsed: 1 });

    expect((await download(colleague.token, V2)).body.data.alreadyLicensed).toBe(false);
    expect(await info(member.token)).toMatchObject({ videoUsed: 2, videoCanDownload: false, photoCanDownload: true });
    const over = await call('/project/download', member.token, { materialId: V3 }, 'zh-CN');
    expect([over.status, over.body.code, over.body.message]).toEqual([409, 5052, '项目的 2 条视频下载额度已用完']);
    expect((await download(member.token, P1)).status).toBe(200);
    const overPhoto = await download(member.token, P2);
    expect([overPhoto.status, overPhoto.body.message]).toEqual([409, "The project's 1 photo downloads are used up"]);
    expect(await h.sql(`SELECT 1 FROM orders.project_downloads WHERE material_id = ANY($1::bigint[])`, [[V3, P2]])).toEqual([]);
  });

  it('takes one download at a time: two members racing for the last allowance get one licence between them', async () => {
    await project({ videoBranches: 3 });
    const [a, b] = await Promise.all([download(member.token, V3), download(colleague.token, V3)]);
    // Same clip: both succeed, counted once.
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await info(member.token)).toMatchObject({ videoUsed: 3 });
    await project({ videoBranches: 4 });
    await h.publish(MaterialPublished, '9208', { materialId: 9208, code: 'V9208', kind: 'video', onlineAt: new Date().toISOString(), sale: sale('雪山', 'Snow peak', 'video', 'originals/m/v8.mp4') });
    await h.publish(MaterialPublished, '9209', { materialId: 9209, code: 'V9209', kind: 'video', onlineAt: new Date().toISOString(), sale: sale('沙漠', 'Desert', 'video', 'originals/m/v9.mp4') });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.materials WHERE material_id IN (9208, 9209)`)).length === 2);
    const race = await Promise.all([download(member.token, 9208), download(colleague.token, 9209)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await info(member.token)).toMatchObject({ videoUsed: 4, videoCanDownload: false });
  });

  it('refuses what a project cannot license, and malformed requests, with a 4xx', async () => {
    const song = await download(member.token, SONG);
    expect([song.status, song.body.code]).toEqual([422, 5053]);
    const external = await download(member.token, EXTERNAL);
    expect([external.status, external.body.message]).toEqual([422, 'This material cannot be downloaded under a project']);
    const unknown = await download(member.token, 999_999);
    expect([unknown.status, unknown.body.code]).toEqual([404, 1004]);
    for (const bad of ['x', -1, 0, 1.5, null, '9201; DROP TABLE x', 2 ** 64]) {
      const reply = await download(member.token, bad);
      expect(reply.status).toBe(422);
    }
    expect((await h.call('/project/download', { token: member.token, body: [] })).status).toBe(422);
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
    // Another member's project order is theirs alone.
    const [mine] = await h.announced<PayloadOf<typeof OrderConfirmed>>('order.confirmed');
    expect(mine!.userId).toBe(member.id);
    expect((await call('/order/detail', colleague.token, { id: mine!.orderId })).status).toBe(404);
  });
});
