import { randomUUID } from 'node:crypto';
import { MaterialPublished, OrderConfirmed, type DownloadPacksResponse, type OrderListResponse, type OrderView, type PayloadOf, type ShopListResponse, type ShopPackDownloadResult, type ShopProductRecord } from '@mkt/contracts';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { voucher } from './purchase-world.js';
import { sale } from './project-world.js';

const [V1, V2, P1, SONG] = [9301, 9302, 9303, 9304];

/**
 * The shop (ADR 0018): staff keep fixed-price products; a buyer buys a download pack through the
 * ordinary order, voucher and confirmation flow; confirming grants the pack; each download drawn
 * from it is a 'pack' order born confirmed, counted once per material against the pack.
 */
describe('orders: the shop and its download packs', () => {
  let h: OrdersHarness;
  let sales: string;
  let finance: string;
  const buyer = { id: randomUUID(), token: '' };
  let packProductId = 0;

  const call = <T>(path: string, token: string | undefined, body: unknown = {}, lang = 'en') => h.call<T>(path, { token, body, lang });
  const product = (changes: Record<string, unknown> = {}) => ({
    nameZh: '视频下载包 2 条',
    nameEn: 'Video pack of 2',
    descriptionZh: '30 天内任选 2 条视频和 1 张图片',
    descriptionEn: 'Any 2 videos and 1 photo within 30 days',
    priceFen: 30_000,
    videoCount: 2,
    photoCount: 1,
    validDays: 30,
    licenceType: 'commercial',
    ...changes,
  });

  beforeAll(async () => {
    h = await startOrders();
    sales = await h.staffToken(['sales']);
    finance = await h.staffToken(['finance']);
    buyer.token = await h.userToken(buyer.id);
    await h.storage().ensureBucket('originals');
    const now = new Date().toISOString();
    const publish = (materialId: number, kind: 'video' | 'photo' | 'music', titleZh: string, titleEn: string) =>
      h.publish(MaterialPublished, String(materialId), { materialId, code: `${kind[0]!.toUpperCase()}${materialId}`, kind, onlineAt: now, sale: sale(titleZh, titleEn, kind, `originals/m/${materialId}/original`) });
    await publish(V1, 'video', '雪山', 'Snow peaks');
    await publish(V2, 'video', '沙丘', 'Dunes');
    await publish(P1, 'photo', '松林', 'Pine forest');
    await publish(SONG, 'music', '晨曦', 'Dawn');
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.materials`)).length === 4);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('lets sales create, edit and disable products in both languages, audited; the store lists only enabled ones', async () => {
    const created = await h.admin<ShopProductRecord>('POST', '/shop-products', { token: sales, body: product() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ nameZh: '视频下载包 2 条', priceFen: 30_000, enabled: true, kind: 'download-pack', region: 'mainland', duration: 'permanent' });
    packProductId = created.body.id;
    const hidden = await h.admin<ShopProductRecord>('POST', '/shop-products', { token: sales, body: product({ nameZh: '旧包', nameEn: 'Old pack', priceFen: 100 }) });
    const disabled = await h.admin<ShopProductRecord>('PUT', `/shop-products/${hidden.body.id}`, { token: sales, body: { ...hidden.body, enabled: false } });
    expect(disabled.body.enabled).toBe(false);

    const list = await call<ShopListResponse>('/shop/list', undefined, {}, 'zh-CN');
    expect(list.body.data.products.map((p) => p.name)).toEqual(['视频下载包 2 条']);
    expect(list.body.data.vip).toMatchObject({ priceFen: 99_900, days: 365 });
    expect((await call<ShopListResponse>('/shop/list', undefined)).body.data.products[0]).toMatchObject({ name: 'Video pack of 2', description: 'Any 2 videos and 1 photo within 30 days' });
    const gone = await call('/shop/detail', undefined, { id: hidden.body.id }, 'zh-CN');
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([404, 7100, '商品不存在']);
    const actions = await h.sql<{ action: string }>(`SELECT action FROM orders.audit_log WHERE resource = 'shop-products' ORDER BY at`);
    expect(actions.map((a) => a.action)).toEqual(['create', 'create', 'disable']);
    // Only admin and sales keep products.
    expect((await h.admin('POST', '/shop-products', { token: finance, body: product() })).status).toBe(403);
  });

  it('refuses bad console input with a 4xx: no downloads, huge or fractional numbers, NUL, wrong types', async () => {
    for (const body of [
      product({ videoCount: 0, photoCount: 0 }),
      product({ priceFen: 1e20 }),
      product({ priceFen: 12.5 }),
      product({ priceFen: '100' + '0'.repeat(30) }),
      product({ nameZh: '' }),
      product({ validDays: true }),
      product({ licenceType: 'gratis' }),
    ]) {
      const response = await h.admin('POST', '/shop-products', { token: sales, body });
      expect([body, response.status]).toEqual([body, 422]);
    }
    const emptied = await h.admin('PUT', `/shop-products/${packProductId}`, { token: sales, body: { videoCount: 0, photoCount: 0 } });
    expect(emptied.status).toBe(422);
    expect((await h.admin('GET', '/shop-products/99999999999999', { token: sales })).status).toBe(404);
    // A NUL is refused before it reaches the database, with a message naming the field.
    const nul = await h.admin<{ message: string }>('PUT', `/shop-products/${packProductId}`, { token: sales, body: { nameEn: 'Video\u0000 pack of 2' } });
    expect([nul.status, nul.body.message]).toEqual([422, 'nameEn contains characters that cannot be stored (such as NUL or an unpaired surrogate)']);
    // A null or XML body is no edit: refused, not answered 200 as an empty update.
    const nothing = await h.admin<{ message: string }>('PUT', `/shop-products/${packProductId}`, { token: sales, body: null });
    expect([nothing.status, nothing.body.message]).toEqual([400, 'The request body must be a JSON object (Content-Type: application/json)']);
    const xml = await fetch(`${h.url}/admin-api/shop-products/${packProductId}`, { method: 'PUT', headers: { authorization: `Bearer ${sales}`, 'content-type': 'application/xml' }, body: '<product/>' });
    expect(xml.status).toBe(400);
  });

  it('sells a pack at its price through the voucher flow; confirming grants the pack once', async () => {
    const visitor = await call('/shop/order/create', undefined, { productId: packProductId, licensee: '星河传媒' });
    expect([visitor.status, visitor.body.code]).toEqual([401, 1001]);
    for (const body of [{ productId: packProductId, licensee: '' }, { productId: 'x', licensee: 'a' }, { productId: 2 ** 40, licensee: 'a' }, { productId: packProductId }]) {
      const refused = await call('/shop/order/create', buyer.token, body, 'zh-CN');
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    const created = await call<{ orderId: string }>('/shop/order/create', buyer.token, { productId: packProductId, licensee: '星河传媒' });
    const { orderId } = created.body.data;
    const detail = await call<OrderView>('/order/detail', buyer.token, { id: orderId });
    expect(detail.body.data).toMatchObject({ kind: 'product', status: 'quoted', totalFen: 30_000, product: { name: 'Video pack of 2', videoCount: 2, photoCount: 1, validDays: 30 } });
    expect(detail.body.data.licence).toMatchObject({ licenceType: 'commercial', buyerCompany: '星河传媒' });
    expect((await call<OrderListResponse>('/order/list', buyer.token)).body.data.infos.map((o) => o.id)).toEqual([orderId]);
    // A fixed price is not quoted again.
    expect((await h.admin('POST', `/orders/${orderId}/quote`, { token: sales, body: { items: [{ itemId: 1, priceFen: 1 }], validUntil: new Date(Date.now() + 86_400_000).toISOString() } })).status).toBe(409);

    expect((await call<DownloadPacksResponse>('/shop/packs', buyer.token)).body.data).toEqual({ packs: [], videoLeft: 0, photoLeft: 0 });
    await h.call('/order/pay', { token: buyer.token, form: voucher(orderId) });
    expect((await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance })).status).toBe(200);
    expect((await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance })).status).toBe(200);
    const packs = (await call<DownloadPacksResponse>('/shop/packs', buyer.token, {}, 'zh-CN')).body.data;
    expect(packs).toMatchObject({ videoLeft: 2, photoLeft: 1, packs: [{ orderId, name: '视频下载包 2 条', videoTotal: 2, photoTotal: 1, videoUsed: 0, active: true }] });
    const validDays = (new Date(packs.packs[0]!.validUntil).getTime() - Date.now()) / 86_400_000;
    expect(validDays).toBeGreaterThan(29.9);
    expect(validDays).toBeLessThanOrEqual(30);
  });

  it('draws a download from the pack as a confirmed order for licensing, once per material, until none is left', async () => {
    const download = (materialId: unknown, token = buyer.token, lang = 'en') => call<ShopPackDownloadResult>('/shop/pack/download', token, { materialId }, lang);
    const first = await download(V1);
    expect(first.body.data).toMatchObject({ alreadyLicensed: false, videoLeft: 1, photoLeft: 1 });
    const [confirmed] = await h.announced<PayloadOf<typeof OrderConfirmed>>('order.confirmed', first.body.data.orderId);
    // Each download carries its share of the pack's price, which the contributor's earnings count.
    expect(confirmed).toMatchObject({ kind: 'pack', userId: buyer.id, items: [{ materialId: V1, priceFen: 10_000 }], terms: { licenceType: 'commercial', buyerCompany: '星河传媒' } });
    expect((await download(V1)).body.data).toMatchObject({ alreadyLicensed: true, orderId: first.body.data.orderId, videoLeft: 1 });
    expect((await download(V2)).body.data.videoLeft).toBe(0);
    const over = await download(V1 + 1000, buyer.token);
    expect(over.status).toBe(404);
    const none = await download(V2 + 0, await h.userToken(), 'zh-CN');
    expect([none.status, none.body.code, none.body.message]).toEqual([409, 7102, '您没有可用于视频的下载包额度']);
    const music = await download(SONG);
    expect([music.status, music.body.code]).toEqual([422, 7103]);
    expect((await download(P1)).body.data).toMatchObject({ photoLeft: 0, videoLeft: 0 });
    // Pack downloads stay off the order list; invoices go on the purchase.
    expect((await call<OrderListResponse>('/order/list', buyer.token)).body.data.total).toBe(1);
    const invoice = await call('/invoice/apply', buyer.token, { orderId: first.body.data.orderId, region: 'mainland', companyName: 'x', taxNumber: '91310000MA1FL0000X', bank: 'b', account: 'a', address: 'd', phone: 'p', recipient: 'r', recipientAddress: 'ra', recipientPhone: 'rp' });
    expect(invoice.status).toBe(409);
    for (const materialId of ['1; DROP TABLE x', 1e30, -1, null, '\u0000']) {
      const bad = await download(materialId);
      expect([materialId, bad.status]).toEqual([materialId, 422]);
    }
  });

  it('ends a pack when its purchase is closed by a refund', async () => {
    await h.sql(`UPDATE orders.orders SET status = 'closed' WHERE kind = 'product' AND user_id = $1`, [buyer.id]);
    const packs = (await call<DownloadPacksResponse>('/shop/packs', buyer.token)).body.data;
    expect(packs).toMatchObject({ videoLeft: 0, photoLeft: 0, packs: [{ active: false }] });
  });

  it('is documented in the generated OpenAPI document', async () => {
    type Operation = { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
    const doc = (await (await fetch(`${h.url}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    expect(Object.keys(doc.paths['/admin-api/shop-products']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/admin-api/shop-products/{id}']!).sort()).toEqual(['get', 'put']);
    for (const path of ['/api/shop/list', '/api/shop/detail', '/api/shop/order/create', '/api/shop/packs', '/api/shop/pack/download']) {
      expect(doc.paths[path]!.post!.tags).toEqual(['store: shop']);
    }
    expect(doc.paths['/api/shop/order/create']!.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('licensee');
  });
});
