import { randomUUID } from 'node:crypto';
import { CustomerProfileChanged, ErrorCode, MaterialPublished, MusicOrderPlaced, OrderConfirmed, vatIncludedFen, type CartListResponse, type OrderView, type PayloadOf } from '@mkt/contracts';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { GONE, INVOICE, LICENCE, PHOTO, PNG, VIDEO, sale, setUpPurchaseWorld, voucher } from './purchase-world.js';

type World = Awaited<ReturnType<typeof setUpPurchaseWorld>>;

describe('orders: cart, orders, invoices, refunds, VIP and company views', () => {
  let h: OrdersHarness;
  let sales: string;
  let finance: string;
  let submittedOrder: World['submittedOrder'];
  let quote: World['quote'];
  beforeAll(async () => {
    h = await startOrders();
    ({ sales, finance, submittedOrder, quote } = await setUpPurchaseWorld(h));
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('refuses visitors with the spec wording and refuses unknown or withdrawn materials', async () => {
    const visitor = await h.call('/cart/list', { lang: 'en' });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ code: 1001, message: 'Please sign in use the function.' });
    expect((await h.call('/order/list', { lang: 'zh-CN' })).body.message).toBe('请登录后使用该功能');
    const token = await h.userToken();
    expect((await h.call('/cart/add', { token, body: { materialId: 424242 } })).body.code).toBe(5001);
    expect((await h.call('/cart/add', { token, body: { materialId: GONE } })).body.code).toBe(5001);
  });

  it('keeps a cart per user with video and photo tabs; nobody removes another user’s item', async () => {
    const alice = await h.userToken();
    const bob = await h.userToken();
    const v = (await h.call<{ cartId: number }>('/cart/add', { token: alice, body: { materialId: VIDEO } })).body.data.cartId;
    // Adding twice keeps one row.
    expect((await h.call<{ cartId: number }>('/cart/add', { token: alice, body: { materialId: VIDEO } })).body.data.cartId).toBe(v);
    await h.call('/cart/add', { token: alice, body: { materialId: PHOTO } });
    const videos = await h.call<CartListResponse>('/cart/list', { token: alice, body: { category: 0 }, lang: 'zh-CN' });
    expect(videos.body.data).toEqual({
      infos: [{ cartId: v, id: VIDEO, code: 'V9101', category: 0, thumbnail: '/api/media/renditions/m/Shanghai%20Bund%20night%20timelapse/thumb.jpg', userTitle: '上海外滩夜景延时摄影', title: '上海外滩夜景延时摄影', skuName: '4K' }],
      total: 1,
      counts: { video: 1, photo: 1 },
    });
    expect((await h.call<CartListResponse>('/cart/list', { token: bob })).body.data.counts).toEqual({ video: 0, photo: 0 });
    expect((await h.call('/cart/remove', { token: bob, body: { cartId: v } })).body.code).toBe(5002);
    expect((await h.call('/cart/remove', { token: alice, body: { cartId: v } })).status).toBe(200);
    expect((await h.call<CartListResponse>('/cart/list', { token: alice })).body.data.counts).toEqual({ video: 0, photo: 1 });
  });

  it('validates the licence form (required fields, special request under 500 characters)', async () => {
    const token = await h.userToken();
    const cartId = (await h.call<{ cartId: number }>('/cart/add', { token, body: { materialId: VIDEO } })).body.data.cartId;
    const missing = await h.call('/order/create', { token, body: { cartIds: [cartId], licence: { ...LICENCE, buyerCompany: '' } } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('buyerCompany');
    expect((await h.call('/order/create', { token, body: { cartIds: [cartId], licence: { ...LICENCE, specialRequest: 'x'.repeat(500) } } })).status).toBe(422);
    expect((await h.call('/order/create', { token, body: { cartIds: [cartId], licence: { ...LICENCE, specialRequest: 'x'.repeat(499) } } })).status).toBe(200);
    // The cart rows went into the order.
    expect((await h.call<CartListResponse>('/cart/list', { token })).body.data.total).toBe(0);
  });

  it('asks each licence type for what it needs: companies for a commercial licence, none for a personal one, and a project type chosen for it', async () => {
    const token = await h.userToken();
    const order = async (licence: Record<string, unknown>) => {
      const cartId = (await h.call<{ cartId: number }>('/cart/add', { token, body: { materialId: VIDEO } })).body.data.cartId;
      return h.call<{ orderId: string }>('/order/create', { token, body: { cartIds: [cartId], licence } });
    };
    const { buyerCompany: _buyer, userCompany: _user, brand: _brand, projectType: _type, ...personalForm } = LICENCE;
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...LICENCE, userCompany: '' }, 'licence.userCompany'],
      [{ ...LICENCE, buyerCompany: undefined }, 'licence.buyerCompany'],
      [{ ...LICENCE, projectType: undefined }, 'licence.projectType'],
      // Advertising and corporate promotion are commercial by nature.
      [{ ...personalForm, licenceType: 'personal', projectType: 'advertising' }, 'licence.projectType'],
      [{ ...personalForm, licenceType: 'personal', projectType: 'corporate' }, 'licence.projectType'],
      [{ ...personalForm, licenceType: 'personal' }, 'licence.projectType'],
    ];
    for (const [licence, field] of refusals) {
      const refused = await order(licence);
      expect([field, refused.status, refused.body.message]).toEqual([field, 422, `invalid ${field}`]);
    }
    // A personal licence without companies goes through, and keeps none even when sent some.
    const personal = await order({ ...personalForm, licenceType: 'personal', projectType: 'online-video' });
    expect(personal.status).toBe(200);
    const sentCompanies = await order({ ...LICENCE, licenceType: 'personal', projectType: 'education' });
    for (const created of [personal, sentCompanies]) {
      const detail = await h.call<OrderView>('/order/detail', { token, body: { id: created.body.data.orderId } });
      expect(detail.body.data.licence).toMatchObject({ licenceType: 'personal', buyerCompany: '', userCompany: '', brand: '', projectName: LICENCE.projectName, contact: LICENCE.contact });
    }
  });

  it('rejects a voucher back to payment, closes with a reason, and refuses everything after closing', async () => {
    const buyer = await h.userToken();
    const orderId = await submittedOrder(buyer, [VIDEO]);
    await quote(orderId, [500]);
    await h.call('/order/pay', { token: buyer, form: voucher(orderId) });
    const rejected = await h.admin<{ status: string; voucherRejectedReason: string }>('POST', `/orders/${orderId}/reject`, { token: finance, body: { reason: '金额不符' } });
    expect(rejected.body).toMatchObject({ status: 'quoted', voucherRejectedReason: '金额不符' });
    expect((await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance })).status).toBe(409);
    const closed = await h.admin<{ status: string; closedReason: string }>('POST', `/orders/${orderId}/close`, { token: sales, body: { reason: '客户取消' } });
    expect(closed.body).toMatchObject({ status: 'closed', closedReason: '客户取消' });
    expect((await h.call('/order/pay', { token: buyer, form: voucher(orderId) })).body.code).toBe(5011);
    expect((await h.admin('POST', `/orders/${orderId}/quote`, { token: sales, body: { items: [], validUntil: new Date().toISOString() } })).status).toBe(422);
    expect((await h.sql<{ action: string }>(`SELECT action FROM orders.audit_log WHERE resource_id = $1 ORDER BY at`, [orderId])).map((a) => a.action)).toEqual(['quote', 'reject-voucher', 'close']);
  });

  it('prices members at their share (never below half), items sum to the total, VAT reconciles', async () => {
    const member = await h.userToken();
    const vip = await h.call<{ orderId: string }>('/vip/order/create', { token: member });
    // One open VIP order: asking again, even twice at once, returns it rather than opening more.
    const again = await Promise.all([1, 2].map(() => h.call<{ orderId: string }>('/vip/order/create', { token: member })));
    expect(again.map((reply) => reply.body.data.orderId)).toEqual([vip.body.data.orderId, vip.body.data.orderId]);
    await h.call('/order/pay', { token: member, form: voucher(vip.body.data.orderId) });
    expect((await h.call<{ orderId: string }>('/vip/order/create', { token: member })).body.data.orderId).toBe(vip.body.data.orderId);
    await h.admin('POST', `/orders/${vip.body.data.orderId}/confirm`, { token: finance });
    expect((await h.call<{ active: boolean; pricePercent: number }>('/vip/info', { token: member })).body.data).toMatchObject({ active: true, pricePercent: 80 });
    expect(await h.sql(`SELECT 1 FROM orders.orders WHERE kind = 'vip' AND user_id = (SELECT user_id FROM orders.orders WHERE id = $1)`, [vip.body.data.orderId])).toHaveLength(1);
    const orderId = await submittedOrder(member);
    const quoted = await quote(orderId, [333.33, 100]);
    const items = quoted.body.items;
    expect(items.map((i) => [i.listPriceFen, i.priceFen])).toEqual([[33_333, 26_666], [10_000, 8_000]]);
    expect(quoted.body.totalFen).toBe(items.reduce((sum, i) => sum + i.priceFen!, 0));
    expect(quoted.body.vipPricePercent).toBe(80);
    const { taxFen, netFen } = vatIncludedFen(quoted.body.totalFen!);
    expect(taxFen + netFen).toBe(34_666);
  });

  it('takes refund requests within 7 days of payment for quality issues; approval closes the order', async () => {
    const buyer = await h.userToken();
    const stranger = await h.userToken();
    const orderId = await submittedOrder(buyer, [VIDEO]);
    await quote(orderId, [80]);
    await h.call('/order/pay', { token: buyer, form: voucher(orderId) });
    expect((await h.call('/refund/apply', { token: buyer, body: { orderId, reason: 'quality', description: '画面有坏帧' } })).body.code).toBe(5040);
    await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance });
    expect((await h.call('/refund/apply', { token: stranger, body: { orderId, reason: 'quality', description: '画面有坏帧' } })).body.code).toBe(5010);
    expect((await h.call('/refund/apply', { token: buyer, body: { orderId, reason: 'changed-mind', description: 'x' } })).status).toBe(422);
    const refund = await h.call<{ refundId: string }>('/refund/apply', { token: buyer, body: { orderId, reason: 'quality', description: '画面有坏帧' } });
    expect(refund.status).toBe(200);
    // Eight days after payment the window has passed.
    await h.sql(`UPDATE orders.orders SET paid_at = now() - interval '8 days' WHERE id = $1`, [orderId]);
    await h.sql(`DELETE FROM orders.refunds WHERE order_id = $1`, [orderId]);
    expect((await h.call('/refund/apply', { token: buyer, body: { orderId, reason: 'quality', description: '画面有坏帧' } })).body.code).toBe(5040);
    await h.sql(`UPDATE orders.orders SET paid_at = now() - interval '6 days' WHERE id = $1`, [orderId]);
    const second = await h.call<{ refundId: string }>('/refund/apply', { token: buyer, body: { orderId, reason: 'quality', description: '画面有坏帧' } });
    const approved = await h.admin<{ status: string }>('POST', `/refunds/${second.body.data.refundId}/approve`, { token: finance, body: { reason: '确认质量问题' } });
    expect(approved.body.status).toBe('approved');
    expect((await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } })).body.data).toMatchObject({ status: 'closed', refundStatus: 'approved' });
  });

  it('shows enterprise administrators the completed orders of their company, except those their owners hide', async () => {
    const [adminId, colleagueId, outsiderId, customerId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await h.publish(CustomerProfileChanged, adminId, { userId: adminId, customerId: 'ENT-9', customerStatus: 1, customerType: 1, projectId: 'PRJ-1', enterpriseAdmin: true });
    await h.publish(CustomerProfileChanged, colleagueId, { userId: colleagueId, customerId: 'ENT-9', customerStatus: 1, customerType: 2, projectId: null, enterpriseAdmin: false });
    await h.publish(CustomerProfileChanged, outsiderId, { userId: outsiderId, customerId: 'ENT-7', customerStatus: 1, customerType: 1, projectId: null, enterpriseAdmin: true });
    // An active enterprise customer of the same company who is not its administrator.
    await h.publish(CustomerProfileChanged, customerId, { userId: customerId, customerId: 'ENT-9', customerStatus: 1, customerType: 1, projectId: 'PRJ-1', enterpriseAdmin: false });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.customers WHERE user_id = ANY($1::uuid[])`, [[adminId, colleagueId, outsiderId, customerId]])).length === 4);
    const [admin, colleague, outsider, customer] = await Promise.all([h.userToken(adminId), h.userToken(colleagueId), h.userToken(outsiderId), h.userToken(customerId)]);

    const confirmedOrder = async () => {
      const id = await submittedOrder(colleague, [VIDEO]);
      await quote(id, [10]);
      await h.call('/order/pay', { token: colleague, form: voucher(id) });
      await h.admin('POST', `/orders/${id}/confirm`, { token: finance });
      return id;
    };
    const shown = await confirmedOrder();
    const hidden = await confirmedOrder();
    const open = await submittedOrder(colleague, [PHOTO]);
    expect((await h.call('/order/hide', { token: outsider, body: { id: hidden, hidden: true } })).body.code).toBe(5010);
    expect((await h.call('/order/hide', { token: colleague, body: { id: hidden, hidden: true } })).body.data).toEqual({ id: hidden, hiddenFromCompany: true });

    const company = await h.call<{ infos: OrderView[]; total: number }>('/order/company/list', { token: admin });
    expect(company.body.data.infos.map((o) => o.id)).toEqual([shown]);
    expect(company.body.data.infos.map((o) => o.id)).not.toContain(open);
    // Not an administrator of this company, or of no company: refused.
    expect((await h.call('/order/company/list', { token: colleague })).status).toBe(403);
    expect((await h.call('/order/company/list', { token: customer })).status).toBe(403);
    expect((await h.call<{ total: number }>('/order/company/list', { token: outsider })).body.data.total).toBe(0);
    expect((await h.call('/order/company/list', { token: await h.userToken() })).status).toBe(403);
  });


  it('quotes, takes the voucher, confirms once and announces order.confirmed with the items and terms; then invoices', async () => {
    const buyer = await h.userToken();
    const stranger = await h.userToken();
    const orderId = await submittedOrder(buyer);

    const listed = await h.call<{ infos: OrderView[]; total: number }>('/order/list', { token: buyer });
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.infos[0]).toMatchObject({ id: orderId, status: 'submitted', totalFen: null });
    expect((await h.call<{ total: number }>('/order/list', { token: stranger })).body.data.total).toBe(0);
    expect((await h.call('/order/detail', { token: stranger, body: { id: orderId } })).body.code).toBe(5010);

    const early = await h.call('/order/pay', { token: buyer, form: voucher(orderId) });
    expect([early.status, early.body.code]).toEqual([409, 5011]);
    expect((await quote(orderId, [1200, 300], finance)).status).toBe(403);
    const detail = await h.admin<{ items: { itemId: number }[] }>('GET', `/orders/${orderId}`, { token: sales });
    expect((await h.admin('POST', `/orders/${orderId}/quote`, { token: sales, body: { items: [{ itemId: detail.body.items[0]!.itemId, priceFen: 100 }], validUntil: new Date(Date.now() + 3_600_000).toISOString() } })).status).toBe(422);
    const quoted = await quote(orderId, [1200.5, 300]);
    expect(quoted.body).toMatchObject({ status: 'quoted', totalFen: 150_050, allowedActions: ['quote', 'pay', 'close', 'cancel'] });

    expect((await h.call('/order/pay', { token: stranger, form: voucher(orderId) })).body.code).toBe(5010);
    const noImage = new FormData();
    noImage.set('id', orderId);
    noImage.set('accountName', 'x');
    expect((await h.call('/order/pay', { token: buyer, form: noImage })).body.code).toBe(5020);
    expect((await h.call('/order/pay', { token: buyer, form: voucher(orderId, Buffer.from('not an image')) })).body.code).toBe(5021);
    expect((await h.call('/order/pay', { token: buyer, form: voucher(orderId, PNG, '') })).status).toBe(422);
    const tooLarge = await h.call('/order/pay', { token: buyer, form: voucher(orderId, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])) });
    expect([tooLarge.status, tooLarge.body.code]).toEqual([422, 5022]);
    // A phone photo of the transfer slip is a few megabytes: far past the JSON body limit, within the voucher's.
    const photo = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    expect((await h.call<{ status: string }>('/order/pay', { token: buyer, form: voucher(orderId, photo) })).body.data.status).toBe('paid');
    expect(await h.announced('order.paid', orderId)).toEqual([expect.objectContaining({ orderId, totalFen: 150_050 })]);

    const staffView = await h.admin<{ voucherUrl: string }>('GET', `/orders/${orderId}`, { token: finance });
    expect(Buffer.from(await (await h.fetchLink(staffView.body.voucherUrl)).arrayBuffer()).equals(photo)).toBe(true);
    expect((await h.admin('POST', `/orders/${orderId}/confirm`, { token: sales })).status).toBe(403);
    const confirmed = await h.admin<{ status: string; confirmedAt: string }>('POST', `/orders/${orderId}/confirm`, { token: finance });
    expect(confirmed.body.status).toBe('confirmed');
    const again = await h.admin<{ status: string; confirmedAt: string }>('POST', `/orders/${orderId}/confirm`, { token: finance });
    expect(again.body).toMatchObject({ status: 'confirmed', confirmedAt: confirmed.body.confirmedAt });
    // What licensing builds the authorization files and download rights from: announced once.
    const announced = await h.announced<PayloadOf<typeof OrderConfirmed>>('order.confirmed', orderId);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({
      orderId,
      kind: 'material',
      projectId: null,
      totalFen: 150_050,
      terms: { licenceType: 'commercial', buyerCompany: '上海光影传媒有限公司', userCompany: '杭州使用方科技有限公司', projectName: '外滩夜景宣传片', region: 'mainland', duration: '1y' },
    });
    expect(announced[0]!.items.map((i) => [i.code, i.kind, i.priceFen, i.originalKey])).toEqual([
      ['V9101', 'video', 120_050, 'originals/m/bund/original.mp4'],
      ['P9102', 'photo', 30_000, 'originals/m/lake/original.jpg'],
    ]);
    expect((await h.sql<{ action: string }>(`SELECT action FROM orders.audit_log WHERE resource_id = $1 ORDER BY at`, [orderId])).map((a) => a.action)).toEqual(['quote', 'confirm']);

    expect((await h.call('/invoice/apply', { token: stranger, body: { orderId, ...INVOICE } })).body.code).toBe(5010);
    const hongKong = await h.call('/invoice/apply', { token: buyer, body: { orderId, ...INVOICE, region: 'hong-kong' }, lang: 'en' });
    expect(hongKong.body).toMatchObject({ code: 5030, message: 'Invoices are not available for Hong Kong, Macao, Taiwan or overseas' });
    const applied = await h.call<{ invoiceId: string; amountFen: number; taxFen: number; status: string }>('/invoice/apply', { token: buyer, body: { orderId, ...INVOICE } });
    expect(applied.body.data).toMatchObject({ amountFen: 150_050, taxFen: 8_493, status: 'applied' });
    expect((await h.call('/invoice/apply', { token: buyer, body: { orderId, ...INVOICE, companyName: '改名' } })).body.code).toBe(5031);
    expect((await h.call('/invoice/download', { token: buyer, body: { orderId } })).body.code).toBe(5033);
    const invoiceId = applied.body.data.invoiceId;
    expect((await h.admin('POST', `/invoices/${invoiceId}/process`, { token: sales })).status).toBe(403);
    expect((await h.admin<{ status: string }>('POST', `/invoices/${invoiceId}/process`, { token: finance })).body.status).toBe('processing');
    const invoicePdf = Buffer.from('%PDF-1.4 invoice');
    const upload = new FormData();
    upload.set('file', new Blob([new Uint8Array(invoicePdf)], { type: 'application/pdf' }), 'invoice.pdf');
    expect((await h.admin<{ status: string }>('POST', `/invoices/${invoiceId}/file`, { token: finance, form: upload })).body.status).toBe('downloadable');
    expect((await h.call('/invoice/download', { token: stranger, body: { orderId } })).body.code).toBe(5010);
    const invoiceLink = await h.call<{ url: string }>('/invoice/download', { token: buyer, body: { orderId } });
    expect(Buffer.from(await (await h.fetchLink(invoiceLink.body.data.url)).arrayBuffer()).equals(invoicePdf)).toBe(true);
    expect((await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } })).body.data.invoiceStatus).toBe('downloadable');
  }, 120_000);

  it('refuses a commercial licence for a material sold for editorial use only, and keeps each line’s releases for its licence', async () => {
    const onlineAt = new Date().toISOString();
    await h.publish(MaterialPublished, '9201', { materialId: 9201, code: 'V9201', kind: 'video', onlineAt, sale: { ...sale('街头抗议', 'Street protest', 'video', 'originals/m/protest/original.mp4'), releases: { model: false, property: false, editorialOnly: true } } });
    await h.publish(MaterialPublished, '9202', { materialId: 9202, code: 'P9202', kind: 'photo', onlineAt, sale: { ...sale('模特肖像', 'Model portrait', 'photo', 'originals/m/model/original.jpg'), releases: { model: true, property: false, editorialOnly: false } } });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.materials WHERE material_id IN (9201, 9202)`)).length === 2);
    const buyer = await h.userToken();
    const editorial = (await h.call<{ cartId: number }>('/cart/add', { token: buyer, body: { materialId: 9201 } })).body.data.cartId;
    const released = (await h.call<{ cartId: number }>('/cart/add', { token: buyer, body: { materialId: 9202 } })).body.data.cartId;

    const refused = await h.call('/order/create', { token: buyer, body: { cartIds: [released, editorial], licence: LICENCE }, lang: 'zh-CN' });
    expect([refused.status, refused.body.code]).toEqual([422, ErrorCode.EDITORIAL_ONLY_COMMERCIAL]);
    expect(refused.body.message).toBe('以下素材仅限编辑用途，不能用于商业授权：V9201。请改选个人非商业授权或移除这些素材');
    // Nothing was written: both lines are still in the cart.
    expect((await h.call<CartListResponse>('/cart/list', { token: buyer })).body.data.counts).toEqual({ video: 1, photo: 1 });

    const personal = { ...LICENCE, licenceType: 'personal', projectType: 'news' };
    const placed = await h.call<{ orderId: string }>('/order/create', { token: buyer, body: { cartIds: [released, editorial], licence: personal } });
    expect(placed.status).toBe(200);
    const orderId = placed.body.data.orderId;
    const detail = await h.admin<{ items: { itemId: number }[] }>('GET', `/orders/${orderId}`, { token: sales });
    expect(detail.body.items).toHaveLength(2);
    await quote(orderId, [100, 200]);
    await h.call('/order/pay', { token: buyer, form: voucher(orderId) });
    await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance });
    const [confirmed] = await h.announced<PayloadOf<typeof OrderConfirmed>>('order.confirmed', orderId);
    expect(confirmed!.items.map((item) => [item.code, item.releases])).toEqual([
      ['V9201', { model: false, property: false, editorialOnly: true }],
      ['P9202', { model: true, property: false, editorialOnly: false }],
    ]);
  });

  it('opens music.order.placed once as a quoted music order; its confirmation announces the music licence terms', async () => {
    const userId = randomUUID();
    const buyer = await h.userToken(userId);
    const orderId = randomUUID();
    const licence = { scene: '网络视频', channel: '新媒体', period: '1 年', area: '中国大陆' };
    const payload = {
      orderId,
      orderNo: 'LS202503011200000042',
      userId,
      placedAt: new Date().toISOString(),
      licensee: { projectName: '春季新品发布', brand: '光影', licensee: '北京音画文化有限公司' },
      items: [{ musicId: 501, code: 'M501', musicType: 1 as const, titleZh: '晨光序曲', titleEn: 'Dawn overture', composer: '李四', durationSeconds: 180, coverKey: null, originalKey: null, skuId: 'S-1', licence, priceFen: 19_900 }],
      totalFen: 19_900,
    };
    await h.publish(MusicOrderPlaced, orderId, payload);
    await h.publish(MusicOrderPlaced, orderId, payload);
    const order = await h.eventually(async () => (await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } })).body.data ?? null);
    // Under the number the catalogue showed the buyer when the order was placed.
    expect(order).toMatchObject({ orderNo: 'LS202503011200000042', kind: 'music', status: 'quoted', totalFen: 19_900, items: [{ kind: 'music', code: 'M501', title: 'Dawn overture', priceFen: 19_900, licence }] });
    expect(await h.sql(`SELECT count(*)::int AS n FROM orders.orders WHERE id = $1`, [orderId])).toEqual([{ n: 1 }]);
    await h.call('/order/pay', { token: buyer, form: voucher(orderId) });
    await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance });
    const [confirmed] = await h.announced<PayloadOf<typeof OrderConfirmed>>('order.confirmed', orderId);
    expect(confirmed).toMatchObject({ kind: 'music', totalFen: 19_900, items: [{ code: 'M501', kind: 'music', musicLicence: licence }] });
  });

  it('numbers music orders from events without a number, and draws again when another order holds the number', async () => {
    const userId = randomUUID();
    const buyer = await h.userToken(userId);
    const placedAt = new Date('2025-03-01T04:00:00Z');
    const base = {
      userId,
      placedAt: placedAt.toISOString(),
      licensee: { projectName: '夏季活动', brand: '光影', licensee: '北京音画文化有限公司' },
      items: [{ musicId: 502, code: 'M502', musicType: 1 as const, titleZh: '午后', titleEn: 'Afternoon', composer: '李四', durationSeconds: 120, coverKey: null, originalKey: null, skuId: 'S-1', licence: { scene: 'a', channel: 'b', period: 'c', area: 'd' }, priceFen: 15_000 }],
      totalFen: 15_000,
    };
    const detail = (id: string) => h.eventually(async () => (await h.call<OrderView>('/order/detail', { token: buyer, body: { id } })).body.data ?? null);

    const older = randomUUID();
    await h.publish(MusicOrderPlaced, older, { ...base, orderId: older });
    const olderNo = (await detail(older)).orderNo;
    expect(olderNo).toMatch(/^LS20250301120000\d{4}$/);

    const clash = randomUUID();
    await h.publish(MusicOrderPlaced, clash, { ...base, orderId: clash, orderNo: olderNo });
    const clashNo = (await detail(clash)).orderNo;
    expect(clashNo).toMatch(/^LS20250301120000\d{4}$/);
    expect(clashNo).not.toBe(olderNo);
    expect(await h.sql(`SELECT count(*)::int AS n FROM orders.orders WHERE order_no = $1`, [olderNo])).toEqual([{ n: 1 }]);
  });
});
