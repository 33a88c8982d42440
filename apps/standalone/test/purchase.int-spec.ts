import { randomUUID } from 'node:crypto';
import { MusicOrderPlaced, vatIncludedFen, type LicenceVerification, type LicenceView, type OrderView, type PurchasedMaterial } from '@mkt/contracts';
import { pdfText } from '@mkt/platform/testing';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { INVOICE, PNG, VIDEO, setUpPurchaseWorld, voucher } from '../../../services/orders/test/purchase-world.js';

type World = Awaited<ReturnType<typeof setUpPurchaseWorld>>;

describe('single machine: a purchase from orders to licensing', () => {
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

  it('runs the whole purchase: quote, voucher, confirmation, licences, downloads and the invoice; strangers see nothing', async () => {
    const buyer = await h.userToken();
    const stranger = await h.userToken();
    const orderId = await submittedOrder(buyer);

    const listed = await h.call<{ infos: OrderView[]; total: number }>('/order/list', { token: buyer });
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.infos[0]).toMatchObject({ id: orderId, status: 'submitted', totalFen: null });
    expect((await h.call<{ total: number }>('/order/list', { token: stranger })).body.data.total).toBe(0);
    expect((await h.call('/order/detail', { token: stranger, body: { id: orderId } })).body.code).toBe(5010);

    // Paying before the quote is an illegal transition.
    const early = await h.call('/order/pay', { token: buyer, form: voucher(orderId) });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(5011);

    // Only sales (or admin) quote; every item must be priced.
    expect((await quote(orderId, [1200, 300], finance)).status).toBe(403);
    const detail = await h.admin<{ items: { itemId: number }[] }>('GET', `/orders/${orderId}`, { token: sales });
    expect((await h.admin('POST', `/orders/${orderId}/quote`, { token: sales, body: { items: [{ itemId: detail.body.items[0]!.itemId, priceFen: 100 }], validUntil: new Date(Date.now() + 3_600_000).toISOString() } })).status).toBe(422);
    const quoted = await quote(orderId, [1200.5, 300]);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ status: 'quoted', totalFen: 150_050, allowedActions: ['quote', 'pay', 'close', 'cancel'] });
    expect(quoted.body.items.map((i) => i.priceFen)).toEqual([120_050, 30_000]);

    // Payment: the stranger cannot pay it; account name and a real image are required.
    expect((await h.call('/order/pay', { token: stranger, form: voucher(orderId) })).body.code).toBe(5010);
    const noImage = new FormData();
    noImage.set('id', orderId);
    noImage.set('accountName', 'x');
    expect((await h.call('/order/pay', { token: buyer, form: noImage })).body.code).toBe(5020);
    expect((await h.call('/order/pay', { token: buyer, form: voucher(orderId, Buffer.from('not an image')) })).body.code).toBe(5021);
    expect((await h.call('/order/pay', { token: buyer, form: voucher(orderId, PNG, '') })).status).toBe(422);
    const paid = await h.call<{ status: string }>('/order/pay', { token: buyer, form: voucher(orderId) });
    expect(paid.body.data.status).toBe('paid');

    // Staff see the voucher through a signed link; sales cannot confirm, finance can; confirming again changes nothing.
    const staffView = await h.admin<{ voucherUrl: string }>('GET', `/orders/${orderId}`, { token: finance });
    const image = await h.fetchLink(staffView.body.voucherUrl);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await h.admin('POST', `/orders/${orderId}/confirm`, { token: sales })).status).toBe(403);
    const confirmed = await h.admin<{ status: string; confirmedAt: string }>('POST', `/orders/${orderId}/confirm`, { token: finance });
    expect(confirmed.body.status).toBe('confirmed');
    const again = await h.admin<{ status: string; confirmedAt: string }>('POST', `/orders/${orderId}/confirm`, { token: finance });
    expect(again.body).toMatchObject({ status: 'confirmed', confirmedAt: confirmed.body.confirmedAt });
    expect(await h.sql(`SELECT count(*)::int AS n FROM orders.outbox WHERE name = 'order.confirmed' AND aggregate_id = $1`, [orderId])).toEqual([{ n: 1 }]);
    const audit = await h.sql<{ action: string }>(`SELECT action FROM orders.audit_log WHERE resource_id = $1 ORDER BY at`, [orderId]);
    expect(audit.map((a) => a.action)).toEqual(['quote', 'confirm']);

    // Licensing: one authorization file per item, generated through the event bus.
    const licences = await h.eventually(async () => {
      const list = (await h.call<LicenceView[]>('/licence/list', { token: buyer, body: { orderId }, lang: 'zh-CN' })).body.data;
      return list.length === 2 && list.every((l) => l.status === 'generated') ? list : null;
    });
    expect(await h.sql(`SELECT count(*)::int AS n FROM licensing.licences WHERE order_id = $1`, [orderId])).toEqual([{ n: 2 }]);
    expect((await h.call<LicenceView[]>('/licence/list', { token: stranger, body: { orderId } })).body.data).toEqual([]);
    const videoLicence = licences.find((l) => l.code === 'V9101')!;
    expect((await h.call('/licence/file', { token: stranger, body: { licenceId: videoLicence.licenceId } })).body.code).toBe(5200);
    const file = await h.call<{ url: string }>('/licence/file', { token: buyer, body: { licenceId: videoLicence.licenceId } });
    const pdf = Buffer.from(await (await h.fetchLink(file.body.data.url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of ['素材授权书', '上海外滩夜景延时摄影', '上海光影传媒有限公司', '杭州使用方科技有限公司', '外滩夜景宣传片', '中国大陆 / Mainland China', '1 年 / 1 year', '商业授权 / Commercial', 'V9101', videoLicence.verificationCode, videoLicence.orderNo]) {
      expect(text).toContain(expected);
    }

    // Public verification: a real code says for what; a made-up one says no.
    const verified = await h.call<LicenceVerification>('/licence/verify', { body: { code: videoLicence.verificationCode.toLowerCase() } });
    expect(verified.body.data).toMatchObject({ valid: true, licence: { materialCode: 'V9101', orderNo: videoLicence.orderNo, licensee: '杭州使用方科技有限公司', region: '中国大陆 / Mainland China' } });
    expect(JSON.stringify(verified.body.data)).not.toContain('13800000001');
    expect((await h.call<LicenceVerification>('/licence/verify', { body: { code: 'ZZZZZZZZZZZZ' } })).body.data).toEqual({ valid: false, licence: null });

    // Downloads: the owner gets a short-lived link to the original; the photo is still transcoding.
    const items = (await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } })).body.data.items;
    const videoItem = items.find((i) => i.code === 'V9101')!;
    const photoItem = items.find((i) => i.code === 'P9102')!;
    expect((await h.call('/download/original', { token: stranger, body: { orderId, itemId: videoItem.itemId } })).body.code).toBe(5202);
    const link = await h.call<{ url: string }>('/download/original', { token: buyer, body: { orderId, itemId: videoItem.itemId } });
    expect(await (await h.fetchLink(link.body.data.url)).text()).toBe('original-video-bytes');
    const transcoding = await h.call('/download/original', { token: buyer, body: { orderId, itemId: photoItem.itemId }, lang: 'en' });
    expect(transcoding.body).toMatchObject({ code: 5201, message: 'File in transcoding, please wait patiently' });
    const purchased = (await h.call<PurchasedMaterial[]>('/licence/materials', { token: buyer })).body.data;
    expect(purchased.map((p) => [p.code, p.downloadable]).sort()).toEqual([['P9102', false], ['V9101', true]]);

    // Invoice: not for strangers, not for Hong Kong, once only; VAT 6% included.
    expect((await h.call('/invoice/apply', { token: stranger, body: { orderId, ...INVOICE } })).body.code).toBe(5010);
    const hongKong = await h.call('/invoice/apply', { token: buyer, body: { orderId, ...INVOICE, region: 'hong-kong' }, lang: 'en' });
    expect(hongKong.body).toMatchObject({ code: 5030, message: 'Invoices are not available for Hong Kong, Macao, Taiwan or overseas' });
    const applied = await h.call<{ invoiceId: string; amountFen: number; taxFen: number; status: string }>('/invoice/apply', { token: buyer, body: { orderId, ...INVOICE } });
    expect(applied.body.data).toMatchObject({ amountFen: 150_050, taxFen: vatIncludedFen(150_050).taxFen, status: 'applied' });
    expect(applied.body.data.taxFen).toBe(8_493);
    expect((await h.call('/invoice/apply', { token: buyer, body: { orderId, ...INVOICE, companyName: '改名' } })).body.code).toBe(5031);
    expect((await h.call('/invoice/detail', { token: stranger, body: { orderId } })).body.code).toBe(5010);
    expect((await h.call('/invoice/download', { token: buyer, body: { orderId } })).body.code).toBe(5033);
    const invoiceId = applied.body.data.invoiceId;
    expect((await h.admin('POST', `/invoices/${invoiceId}/process`, { token: sales })).status).toBe(403);
    expect((await h.admin<{ status: string }>('POST', `/invoices/${invoiceId}/process`, { token: finance })).body.status).toBe('processing');
    const upload = new FormData();
    upload.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'invoice.pdf');
    expect((await h.admin<{ status: string }>('POST', `/invoices/${invoiceId}/file`, { token: finance, form: upload })).body.status).toBe('downloadable');
    expect((await h.call('/invoice/download', { token: stranger, body: { orderId } })).body.code).toBe(5010);
    const invoiceLink = await h.call<{ url: string }>('/invoice/download', { token: buyer, body: { orderId } });
    expect((await (await h.fetchLink(invoiceLink.body.data.url)).arrayBuffer()).byteLength).toBe(pdf.length);
    expect((await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } })).body.data.invoiceStatus).toBe('downloadable');
  }, 120_000);

  it('turns music.order.placed into a quoted music order whose confirmation issues the music licence', async () => {
    const userId = randomUUID();
    const buyer = await h.userToken(userId);
    const orderId = randomUUID();
    const payload = {
      orderId,
      userId,
      placedAt: new Date().toISOString(),
      licensee: { projectName: '春季新品发布', brand: '光影', licensee: '北京音画文化有限公司' },
      items: [{ musicId: 501, code: 'M501', musicType: 1 as const, titleZh: '晨光序曲', titleEn: 'Dawn overture', composer: '李四', durationSeconds: 180, coverKey: null, originalKey: null, skuId: 'S-1', licence: { scene: '网络视频', channel: '新媒体', period: '1 年', area: '中国大陆' }, priceFen: 19_900 }],
      totalFen: 19_900,
    };
    await h.publish(MusicOrderPlaced, orderId, payload);
    await h.publish(MusicOrderPlaced, orderId, payload);
    const order = await h.eventually(async () => (await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } })).body.data?.id ? (await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } })).body.data : null);
    expect(order).toMatchObject({ kind: 'music', status: 'quoted', totalFen: 19_900, items: [{ kind: 'music', code: 'M501', title: 'Dawn overture', priceFen: 19_900, licence: payload.items[0]!.licence }] });
    await h.call('/order/pay', { token: buyer, form: voucher(orderId) });
    await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance });
    const [licence] = await h.eventually(async () => {
      const list = (await h.call<LicenceView[]>('/licence/list', { token: buyer, body: { orderId } })).body.data;
      return list.length === 1 && list[0]!.status === 'generated' ? list : null;
    });
    const verified = await h.call<LicenceVerification>('/licence/verify', { body: { code: licence!.verificationCode } });
    expect(verified.body.data.licence).toMatchObject({ materialCode: 'M501', licensee: '北京音画文化有限公司', region: '中国大陆', duration: '1 年' });
  });

  describe('another user', () => {
    let owner: string;
    let stranger: string;
    let paidOrder: string;
    let confirmedOrder: string;
    let itemId: number;
    let licenceId: string;

    beforeAll(async () => {
      owner = await h.userToken();
      stranger = await h.userToken();
      paidOrder = await submittedOrder(owner, [VIDEO]);
      await quote(paidOrder, [20]);
      confirmedOrder = await submittedOrder(owner, [VIDEO]);
      await quote(confirmedOrder, [20]);
      await h.call('/order/pay', { token: owner, form: voucher(confirmedOrder) });
      await h.admin('POST', `/orders/${confirmedOrder}/confirm`, { token: finance });
      itemId = (await h.call<OrderView>('/order/detail', { token: owner, body: { id: confirmedOrder } })).body.data.items[0]!.itemId;
      [{ licenceId }] = await h.eventually(async () => {
        const list = (await h.call<LicenceView[]>('/licence/list', { token: owner, body: { orderId: confirmedOrder } })).body.data;
        return list.length === 1 && list[0]!.status === 'generated' ? list : null;
      });
      await h.call('/invoice/apply', { token: owner, body: { orderId: confirmedOrder, ...INVOICE } });
    });

    it('cannot see your order', async () => {
      expect((await h.call('/order/detail', { token: stranger, body: { id: confirmedOrder } })).body.code).toBe(5010);
      expect((await h.call<{ infos: OrderView[] }>('/order/list', { token: stranger })).body.data.infos.map((o) => o.id)).not.toContain(confirmedOrder);
      expect((await h.call<LicenceView[]>('/licence/list', { token: stranger })).body.data).toEqual([]);
    });

    it('cannot pay your order', async () => {
      const reply = await h.call('/order/pay', { token: stranger, form: voucher(paidOrder) });
      expect(reply.body.code).toBe(5010);
      expect((await h.call<OrderView>('/order/detail', { token: owner, body: { id: paidOrder } })).body.data).toMatchObject({ status: 'quoted', voucherSubmitted: false });
    });

    it('cannot download your originals or authorization files', async () => {
      expect((await h.call('/download/original', { token: stranger, body: { orderId: confirmedOrder, itemId } })).body.code).toBe(5202);
      expect((await h.call('/licence/file', { token: stranger, body: { licenceId } })).body.code).toBe(5200);
      expect((await h.call('/licence/generate', { token: stranger, body: { orderId: confirmedOrder } })).body.code).toBe(5200);
      expect((await h.call('/download/original', { token: owner, body: { orderId: confirmedOrder, itemId } })).status).toBe(200);
    });

    it('cannot invoice your order or read its invoice', async () => {
      expect((await h.call('/invoice/apply', { token: stranger, body: { orderId: confirmedOrder, ...INVOICE } })).body.code).toBe(5010);
      expect((await h.call('/invoice/detail', { token: stranger, body: { orderId: confirmedOrder } })).body.code).toBe(5010);
      expect((await h.call('/invoice/download', { token: stranger, body: { orderId: confirmedOrder } })).body.code).toBe(5010);
      expect((await h.call<{ status: string }>('/invoice/detail', { token: owner, body: { orderId: confirmedOrder } })).body.data.status).toBe('applied');
    });
  });
});
