import { randomUUID } from 'node:crypto';
import { DeliveryPrepared, OrderConfirmed, type LicenceVerification, type LicenceView, type PayloadOf, type PurchasedMaterial } from '@mkt/contracts';
import { pdfText } from '@mkt/platform/testing';
import { startLicensing, type LicensingHarness } from './licensing-harness.js';

type Confirmed = PayloadOf<typeof OrderConfirmed>;
type Item = Confirmed['items'][number];

const TERMS = {
  licenceType: 'commercial',
  buyerCompany: '上海光影传媒有限公司',
  userCompany: '杭州使用方科技有限公司',
  projectType: 'advertising',
  projectName: '外滩夜景宣传片',
  brand: '光影',
  purpose: '品牌广告投放',
  region: 'mainland',
  duration: '1y',
  contact: '王小明',
};

/**
 * Licensing alone: orders are confirmed by publishing `order.confirmed` as the orders service
 * does, reduced copies for personal licences arrive as `delivery.prepared` as the uploads service
 * announces them. Authorization files, verification, download links and deliveries are checked
 * through the HTTP surface.
 */
describe('licensing: authorization files, verification and downloads', () => {
  let h: LicensingHarness;
  let nextItem = 1;
  const item = (materialId: number, kind: Item['kind'], originalKey: string | null, priceFen = 10_000): Item => ({
    itemId: nextItem++,
    materialId,
    kind,
    code: `${kind === 'video' ? 'V' : kind === 'photo' ? 'P' : 'M'}${materialId}`,
    titleZh: `素材 ${materialId}`,
    titleEn: `Material ${materialId}`,
    thumbnailKey: null,
    originalKey,
    priceFen,
    musicLicence: null,
    releases: kind === 'video' || kind === 'photo' ? { model: true, property: false, editorialOnly: false } : null,
  });
  /** Publishes order.confirmed for a new order of `userId`; returns the payload. */
  async function confirm(userId: string, items: Item[], changes: Partial<Confirmed> = {}): Promise<Confirmed> {
    const orderId = randomUUID();
    const payload: Confirmed = {
      orderId,
      orderNo: `ORD-${orderId.slice(0, 8)}`,
      userId,
      kind: 'material',
      projectId: null,
      confirmedAt: new Date().toISOString(),
      paidAt: new Date().toISOString(),
      totalFen: items.reduce((sum, i) => sum + i.priceFen, 0),
      terms: TERMS,
      items,
      ...changes,
    };
    await h.publish(OrderConfirmed, orderId, payload);
    return payload;
  }
  const generated = (token: string, orderId: string, count: number) =>
    h.eventually(async () => {
      const list = (await h.call<LicenceView[]>('/licence/list', { token, body: { orderId }, lang: 'zh-CN' })).body.data;
      return list.length === count && list.every((l) => l.status === 'generated') ? list : null;
    });
  const materials = async (token: string, orderId: string) => (await h.call<PurchasedMaterial[]>('/licence/materials', { token })).body.data.filter((m) => m.orderId === orderId);

  beforeAll(async () => {
    h = await startLicensing();
    await h.storage().ensureBucket('originals');
    await h.storage().put('originals', 'm/bund/original.mp4', Buffer.from('original-video-bytes'), { contentType: 'video/mp4' });
    await h.storage().put('originals', 'm/big/original.mp4', Buffer.from('big-original'), { contentType: 'video/mp4' });
    await h.storage().put('originals', 'm/big/personal.mp4', Buffer.from('reduced-1080p'), { contentType: 'video/mp4' });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('issues one authorization PDF per item on order.confirmed, once, visible to the buyer only', async () => {
    const userId = randomUUID();
    const buyer = await h.userToken(userId);
    const stranger = await h.userToken();
    const order = await confirm(userId, [item(9101, 'video', 'originals/m/bund/original.mp4', 120_050), item(9102, 'photo', 'originals/m/lake/original.jpg', 30_000)]);
    // Delivered twice (at-least-once bus): still one licence per item.
    await h.publish(OrderConfirmed, order.orderId, order);
    const licences = await generated(buyer, order.orderId, 2);
    expect(await h.sql(`SELECT count(*)::int AS n FROM licensing.licences WHERE order_id = $1`, [order.orderId])).toEqual([{ n: 2 }]);
    expect((await h.call<LicenceView[]>('/licence/list', { token: stranger, body: { orderId: order.orderId } })).body.data).toEqual([]);

    const videoLicence = licences.find((l) => l.code === 'V9101')!;
    expect((await h.call('/licence/file', { token: stranger, body: { licenceId: videoLicence.licenceId } })).body.code).toBe(5200);
    expect((await h.call('/licence/generate', { token: stranger, body: { orderId: order.orderId } })).body.code).toBe(5200);
    const file = await h.call<{ url: string }>('/licence/file', { token: buyer, body: { licenceId: videoLicence.licenceId } });
    const pdf = Buffer.from(await (await h.fetchLink(file.body.data.url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of ['素材授权书', '素材 9101', '上海光影传媒有限公司', '杭州使用方科技有限公司', '外滩夜景宣传片', '中国大陆 / Mainland China', '1 年 / 1 year', '商业授权 / Commercial', 'V9101', videoLicence.verificationCode, order.orderNo, '肖像及物业许可 / Releases', '模特肖像许可已备案 / Model release on file']) {
      expect(text).toContain(expected);
    }
  });

  it('verifies a real code publicly without personal data, and says no to a made-up one', async () => {
    const userId = randomUUID();
    const order = await confirm(userId, [item(9103, 'video', 'originals/m/bund/original.mp4')], { terms: { ...TERMS, contact: '13800000001' } });
    const [licence] = await generated(await h.userToken(userId), order.orderId, 1);
    const verified = await h.call<LicenceVerification>('/licence/verify', { body: { code: licence!.verificationCode.toLowerCase() } });
    expect(verified.body.data).toMatchObject({ valid: true, licence: { materialCode: 'V9103', orderNo: order.orderNo, licensee: '杭州使用方科技有限公司', region: '中国大陆 / Mainland China' } });
    expect(JSON.stringify(verified.body.data)).not.toContain('13800000001');
    expect((await h.call<LicenceVerification>('/licence/verify', { body: { code: 'ZZZZZZZZZZZZ' } })).body.data).toEqual({ valid: false, licence: null });
  });

  it('hands the owner a short-lived link to the original; a missing original is still transcoding', async () => {
    const userId = randomUUID();
    const buyer = await h.userToken(userId);
    const stranger = await h.userToken();
    const [video, photo] = [item(9104, 'video', 'originals/m/bund/original.mp4'), item(9105, 'photo', 'originals/m/lake/original.jpg')];
    const order = await confirm(userId, [video, photo]);
    await generated(buyer, order.orderId, 2);
    expect((await h.call('/download/original', { token: stranger, body: { orderId: order.orderId, itemId: video.itemId } })).body.code).toBe(5202);
    const link = await h.call<{ url: string }>('/download/original', { token: buyer, body: { orderId: order.orderId, itemId: video.itemId } });
    expect(await (await h.fetchLink(link.body.data.url)).text()).toBe('original-video-bytes');
    const transcoding = await h.call('/download/original', { token: buyer, body: { orderId: order.orderId, itemId: photo.itemId }, lang: 'en' });
    expect(transcoding.body).toMatchObject({ code: 5201, message: 'File in transcoding, please wait patiently' });
    const purchased = await materials(buyer, order.orderId);
    expect(purchased.map((p) => [p.code, p.downloadable]).sort()).toEqual([['P9105', false], ['V9104', true]]);
  });

  it('issues the music licence with the cascade’s scene, period and area', async () => {
    const userId = randomUUID();
    const music = { ...item(501, 'music', null, 19_900), code: 'M501', musicLicence: { scene: '网络视频', channel: '新媒体', period: '1 年', area: '中国大陆' } };
    const order = await confirm(userId, [music], { kind: 'music', terms: { ...TERMS, licenceType: 'music', userCompany: '北京音画文化有限公司', region: '', duration: '' } });
    const [licence] = await generated(await h.userToken(userId), order.orderId, 1);
    const verified = await h.call<LicenceVerification>('/licence/verify', { body: { code: licence!.verificationCode } });
    expect(verified.body.data.licence).toMatchObject({ materialCode: 'M501', licensee: '北京音画文化有限公司', region: '中国大陆', duration: '1 年' });
  });

  it('asks uploads once per source for a personal copy, hands it out when prepared, and the original to commercial licences', async () => {
    const source = 'originals/m/big/original.mp4';
    const first = randomUUID();
    const second = randomUUID();
    const personal = { ...TERMS, licenceType: 'personal' };
    const a = await confirm(first, [item(9301, 'video', source)], { terms: personal });
    const b = await confirm(second, [item(9301, 'video', source)], { terms: personal });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM licensing.licences WHERE order_id = ANY($1::uuid[])`, [[a.orderId, b.orderId]])).length === 2);
    expect(await h.announced('delivery.requested', source)).toEqual([{ sourceKey: source, kind: 'video', profile: 'personal' }]);
    const firstToken = await h.userToken(first);
    const [waiting] = await materials(firstToken, a.orderId);
    expect(waiting).toMatchObject({ delivery: 'personal', downloadable: false });
    const early = await h.call('/download/original', { token: firstToken, body: { orderId: a.orderId, itemId: waiting!.itemId }, lang: 'en' });
    expect([early.status, early.body.code, early.body.message]).toEqual([409, 5201, 'File in transcoding, please wait patiently']);

    await h.publish(DeliveryPrepared, source, { sourceKey: source, profile: 'personal', ok: true, deliveryKey: 'originals/m/big/personal.mp4', width: 1920, height: 1080, reason: null });
    for (const [userId, orderId] of [[first, a.orderId], [second, b.orderId]] as const) {
      const token = await h.userToken(userId);
      const [ready] = await h.eventually(async () => {
        const list = await materials(token, orderId);
        return list[0]?.downloadable ? list : null;
      });
      const link = await h.call<{ url: string }>('/download/original', { token, body: { orderId, itemId: ready!.itemId } });
      const response = await h.fetchLink(link.body.data.url);
      expect(await response.text()).toBe('reduced-1080p');
      expect(response.headers.get('content-disposition')).toContain('V9301-1080P.mp4');
    }

    const business = randomUUID();
    const c = await confirm(business, [item(9301, 'video', source)]);
    const businessToken = await h.userToken(business);
    const [original] = await h.eventually(async () => {
      const list = await materials(businessToken, c.orderId);
      return list[0]?.downloadable ? list : null;
    });
    expect(original!.delivery).toBe('original');
    const link = await h.call<{ url: string }>('/download/original', { token: businessToken, body: { orderId: c.orderId, itemId: original!.itemId } });
    expect(await (await h.fetchLink(link.body.data.url)).text()).toBe('big-original');
  });

  it('asks again, after a pause, for a copy that could not be made; the buyer’s own right only', async () => {
    const source = 'originals/m/late/original.jpg';
    const userId = randomUUID();
    const token = await h.userToken(userId);
    const order = await confirm(userId, [item(9304, 'photo', source)], { terms: { ...TERMS, licenceType: 'personal' } });
    await h.eventually(async () => (await h.announced('delivery.requested', source)).length === 1);
    await h.publish(DeliveryPrepared, source, { sourceKey: source, profile: 'personal', ok: false, deliveryKey: null, width: null, height: null, reason: 'deliverySourceMissing' });
    await h.eventually(async () => {
      const [row] = await h.sql<{ status: string; reason: string | null }>(`SELECT status, reason FROM licensing.deliveries WHERE source_key = $1`, [source]);
      return row?.status === 'failed' && row.reason === 'deliverySourceMissing';
    });
    const [waiting] = await materials(token, order.orderId);
    const reply = await h.call('/download/original', { token, body: { orderId: order.orderId, itemId: waiting!.itemId }, lang: 'en' });
    expect([reply.status, reply.body.code, reply.body.message]).toEqual([409, 5201, 'File in transcoding, please wait patiently']);
    // Within the pause the failure stands; after it, the next download attempt asks again.
    expect(await h.sql(`SELECT status FROM licensing.deliveries WHERE source_key = $1`, [source])).toEqual([{ status: 'failed' }]);
    expect(await h.announced('delivery.requested', source)).toHaveLength(1);
    await h.sql(`UPDATE licensing.deliveries SET requested_at = requested_at - interval '11 minutes' WHERE source_key = $1`, [source]);
    expect((await h.call('/download/original', { token, body: { orderId: order.orderId, itemId: waiting!.itemId } })).status).toBe(409);
    expect(await h.sql(`SELECT status, reason FROM licensing.deliveries WHERE source_key = $1`, [source])).toEqual([{ status: 'pending', reason: null }]);
    expect(await h.announced('delivery.requested', source)).toHaveLength(2);
    expect((await h.call('/download/original', { token: await h.userToken(), body: { orderId: order.orderId, itemId: waiting!.itemId } })).status).toBe(404);
  });
});
