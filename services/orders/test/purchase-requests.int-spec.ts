import { randomUUID } from 'node:crypto';
import type { OrderView, PurchaseRequestPage, PurchaseRequestView } from '@mkt/contracts';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { P1, SONG, V1, V2, V3, setUpProjectWorld } from './project-world.js';

type World = Awaited<ReturnType<typeof setUpProjectWorld>>;

/**
 * Purchase approval of enterprise customers: a member asks to buy a board's selection, the
 * company's administrator approves (the quote request is made under the member's name with the
 * project's terms) or declines with a reason; another company sees none of it.
 */
describe('orders: purchase requests of enterprise customers', () => {
  let h: OrdersHarness;
  let member: World['member'];
  let colleague: World['colleague'];
  let call: World['call'];
  let profile: World['profile'];
  const admin = { id: randomUUID(), token: '' };
  const outsider = { id: randomUUID(), token: '' };
  const otherAdmin = { id: randomUUID(), token: '' };

  beforeAll(async () => {
    h = await startOrders();
    ({ member, colleague, call, profile } = await setUpProjectWorld(h));
    await profile(admin.id, { enterpriseAdmin: true });
    await profile(otherAdmin.id, { customerId: 'ENT-OTHER', projectId: null, enterpriseAdmin: true });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.customers`)).length === 4);
    admin.token = await h.userToken(admin.id);
    outsider.token = await h.userToken(outsider.id);
    otherAdmin.token = await h.userToken(otherAdmin.id);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const ask = (token: string, body: Record<string, unknown>) =>
    call<{ id: string }>('/project/purchase/request', token, { contact: '李编辑', phone: '13800000066', boardName: 'Launch film', note: 'For the spring launch', ...body });

  it('makes the quote request when the administrator approves, under the member’s name and the project’s terms', async () => {
    // The song is left out (music has its own licences); the videos are asked for.
    const asked = await ask(member.token, { materialIds: [V1, V2, SONG], boardId: 12 });
    expect(asked.status).toBe(200);
    const id = asked.body.data.id;
    const [announced] = await h.sql<{ payload: { itemCount: number; customerId: string } }>(`SELECT payload FROM orders.outbox WHERE name = 'purchase.requested' AND aggregate_id = $1`, [id]);
    expect(announced?.payload).toMatchObject({ itemCount: 2, customerId: 'ENT-T' });

    const mine = await call<PurchaseRequestPage>('/project/purchase/mine', member.token);
    expect(mine.body.data.infos).toEqual([expect.objectContaining({ id, status: 'pending', requester: '李编辑', boardName: 'Launch film', projectName: '星河 2026 品牌片', orderId: null })]);
    expect(mine.body.data.infos[0]!.items.map((item) => item.materialId)).toEqual([V1, V2]);

    // Only the company's administrator sees and decides it.
    for (const token of [member.token, colleague.token, outsider.token]) expect((await call('/project/purchase/company', token)).status).toBe(403);
    expect((await call<PurchaseRequestPage>('/project/purchase/company', otherAdmin.token)).body.data.infos).toEqual([]);
    expect((await call('/project/purchase/approve', otherAdmin.token, { id })).status).toBe(404);
    expect((await call('/project/purchase/approve', member.token, { id })).status).toBe(403);
    const pending = await call<PurchaseRequestPage>('/project/purchase/company', admin.token, { status: 'pending' });
    expect(pending.body.data.infos.map((request) => request.id)).toEqual([id]);

    const approved = await call<PurchaseRequestView>('/project/purchase/approve', admin.token, { id }, 'zh-CN');
    expect(approved.body.data).toMatchObject({ status: 'approved', orderId: expect.any(String), orderNo: expect.any(String) });
    // Once: a second decision either way is refused.
    expect((await call('/project/purchase/approve', admin.token, { id })).status).toBe(409);
    expect((await call('/project/purchase/decline', admin.token, { id, reason: 'late' })).status).toBe(409);

    // The quote request is the member's order, submitted, with the project's terms and their contact.
    const order = await call<OrderView>('/order/detail', member.token, { id: approved.body.data.orderId });
    expect(order.body.data).toMatchObject({ status: 'submitted' });
    const [stored] = await h.sql<{ licence: Record<string, string>; user_id: string }>(`SELECT licence, user_id FROM orders.orders WHERE id = $1`, [approved.body.data.orderId]);
    expect(stored!.user_id).toBe(member.id);
    expect(stored!.licence).toMatchObject({ licenceType: 'commercial', buyerCompany: '星河传媒有限公司', projectName: '星河 2026 品牌片', contact: '李编辑', phone: '13800000066', specialRequest: 'For the spring launch' });
    const events = await h.sql<{ name: string }>(`SELECT name FROM orders.outbox WHERE aggregate_id IN ($1, $2)`, [id, approved.body.data.orderId]);
    expect(events.map((event) => event.name).sort()).toEqual(['order.submitted', 'purchase.decided', 'purchase.requested']);
  });

  it('tells the member why when the administrator declines, and refuses who may not ask', async () => {
    const id = (await ask(colleague.token, { materialIds: [P1] })).body.data.id;
    const refused = await call('/project/purchase/decline', admin.token, { id, reason: '' });
    expect(refused.status).toBe(422);
    const declined = await call<PurchaseRequestView>('/project/purchase/decline', admin.token, { id, reason: '预算已用完，下季度再买' });
    expect(declined.body.data).toMatchObject({ status: 'declined', reason: '预算已用完，下季度再买', orderId: null });
    const [decided] = await h.sql<{ payload: { approved: boolean; reason: string } }>(`SELECT payload FROM orders.outbox WHERE name = 'purchase.decided' AND aggregate_id = $1`, [id]);
    expect(decided?.payload).toMatchObject({ approved: false, reason: '预算已用完，下季度再买' });
    expect((await call<PurchaseRequestPage>('/project/purchase/mine', colleague.token)).body.data.infos[0]).toMatchObject({ status: 'declined', reason: '预算已用完，下季度再买' });

    // Not an enterprise customer; a company without a project; nothing quotable; bad input.
    const outside = await call('/project/purchase/request', outsider.token, { materialIds: [V1], contact: 'x' }, 'zh-CN');
    expect([outside.status, outside.body.message]).toEqual([403, '只有企业项目的成员可以申请采购']);
    expect((await call('/project/purchase/request', otherAdmin.token, { materialIds: [V1], contact: 'x' })).status).toBe(403);
    expect((await ask(member.token, { materialIds: [SONG, 999_999] })).status).toBe(422);
    for (const body of [{ materialIds: [], contact: 'x' }, { materialIds: [V1] }, { materialIds: ['1'], contact: 'x' }, { materialIds: [V1], contact: 'x', note: 'n'.repeat(501) }]) {
      expect((await call('/project/purchase/request', member.token, body)).status).toBe(422);
    }
    expect((await call('/project/purchase/approve', admin.token, { id: 'not-a-uuid' })).status).toBe(422);
    expect((await call('/project/purchase/approve', admin.token, { id: randomUUID() })).status).toBe(404);
    expect((await call('/project/purchase/mine', '')).status).toBe(401);
    const halfLicence = { sceneId: 's1', channelId: 'c1', periodId: '', authAreaId: 'a1', label: 'x' };
    expect((await ask(member.token, { materialIds: [SONG], music: halfLicence })).status).toBe(422);
  });

  it('asks for music with the licence the member chose; an approval has the catalogue place the music order', async () => {
    const licence = { sceneId: 'scene-ad', channelId: 'channel-web', periodId: 'period-1y', authAreaId: 'area-cn', label: '广告 · 网络 · 1 年 · 中国大陆' };
    const asked = await ask(member.token, { materialIds: [SONG, V3], music: licence });
    expect(asked.status).toBe(200);
    const id = asked.body.data.id;
    const approved = await call<PurchaseRequestView>('/project/purchase/approve', admin.token, { id });
    expect(approved.body.data).toMatchObject({ status: 'approved', orderId: expect.any(String), music: { label: licence.label, orderId: expect.any(String), orderNo: null } });
    expect(approved.body.data.items.map((item) => item.materialId)).toEqual([SONG, V3]);
    const [music] = await h.announced<{ musicOrderId: string; requesterId: string; musicIds: number[]; licence: object; licensee: object }>('purchase.music.approved', id);
    expect(music).toEqual({
      requestId: id,
      musicOrderId: approved.body.data.music!.orderId,
      requesterId: member.id,
      musicIds: [SONG],
      licence: { sceneId: 'scene-ad', channelId: 'channel-web', periodId: 'period-1y', authAreaId: 'area-cn' },
      licensee: { projectName: '星河 2026 品牌片', brand: '星河 2026 品牌片', licensee: '星河传媒有限公司' },
      approvedAt: expect.any(String),
    });
    // The quote request holds the video alone.
    const [lines] = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders.order_items WHERE order_id = $1`, [approved.body.data.orderId]);
    expect(lines!.n).toBe(1);

    // Music alone: no quote request, the music order only.
    const onlyMusic = (await ask(colleague.token, { materialIds: [SONG], music: licence })).body.data.id;
    const decided = await call<PurchaseRequestView>('/project/purchase/approve', admin.token, { id: onlyMusic });
    expect(decided.body.data).toMatchObject({ status: 'approved', orderId: null, orderNo: null, music: { orderId: expect.any(String) } });
    // Without a licence, music is left out of a request: nothing else, nothing to buy.
    const refused = await ask(member.token, { materialIds: [SONG] });
    expect([refused.status, refused.body.code]).toEqual([422, 5304]);
  });
});
