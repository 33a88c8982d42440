import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LicenceView, MusicOrderCreateResponse, MusicSkuListResponse, OrderView } from '@mkt/contracts';
import { CatalogueModule, MaterialWriter } from '@mkt/catalogue';
import { pdfText } from '@mkt/platform/testing';
import { startOrders, type OrdersHarness } from './orders-harness.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/**
 * A music licence across services, as the single process runs them: the catalogue prices the
 * cascade and announces music.order.placed, orders opens it already quoted, the buyer pays by
 * voucher, finance confirms, licensing issues the music authorization file and the download.
 */
describe('music licence from the cascade to the download', () => {
  let h: OrdersHarness;
  let musicId: number;

  beforeAll(async () => {
    h = await startOrders({ extraModules: [CatalogueModule] });
    const [track] = await h.server.app.get(MaterialWriter).createMany([
      {
        kind: 'music',
        status: 'published',
        titleZh: '晨光',
        titleEn: 'Dawn',
        keywordsZh: ['温暖'],
        keywordsEn: ['warm'],
        duration: 95,
        thumbnailKey: 'renditions/fixture/dawn/cover.jpg',
        preview480Key: 'renditions/fixture/dawn/listen.mp3',
        originalKey: 'originals/fixture/dawn/original.wav',
      },
    ]);
    musicId = track!.id;
    const catalogue = h.server.app.get<DataSource>(getDataSourceToken('catalogue'));
    await catalogue.query(
      `INSERT INTO catalogue.music_details (material_id, composer, artist, bpm, mood, genre, price_fen, peaks) VALUES ($1, '林晓', 'Chen', 96, 'calm', 'ambient', 19900, '[0,0.5,1]')`,
      [musicId],
    );
    await h.storage().ensureBucket('originals');
    await h.storage().put('originals', 'fixture/dawn/original.wav', Buffer.from('RIFF-dawn-original'), { contentType: 'audio/wav' });
  });

  afterAll(() => h.close());

  it('licenses a track through the cascade and downloads it with its authorization file after staff confirm', async () => {
    const buyer = await h.userToken();
    const stranger = await h.userToken();
    const tree = (await h.call<MusicSkuListResponse>('/music/skuList', { body: {}, lang: 'en' })).body.data.skuList;
    const scene = tree[0]!;
    const channel = scene.children![0]!;
    const period = channel.children![0]!;
    const area = period.children![0]!;
    const placed = await h.call<MusicOrderCreateResponse>('/music/order/create', {
      token: buyer,
      lang: 'en',
      body: { projectName: '春季广告', brand: '光影', companyName: '上海光影传媒有限公司', musicId, sceneId: scene.id, channelId: channel.id, periodId: period.id, authAreaId: area.id, price: area.price, purchasePrice: area.price },
    });
    expect(placed.status).toBe(200);
    const orderId = placed.body.data.orderId;

    // The orders service opens it from the event, already priced and waiting for the voucher.
    const order = await h.eventually(async () => {
      const reply = await h.call<OrderView>('/order/detail', { token: buyer, body: { id: orderId } });
      return reply.status === 200 ? reply.body.data : null;
    });
    expect(order.totalFen).toBe(area.priceFen);
    expect(order.items.reduce((sum, item) => sum + (item.priceFen ?? 0), 0)).toBe(order.totalFen);
    expect((await h.call('/order/detail', { token: stranger, body: { id: orderId } })).status).toBe(404);

    const form = new FormData();
    form.set('id', orderId);
    form.set('accountName', '上海光影传媒有限公司');
    form.set('voucher', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'voucher.png');
    expect((await h.call('/order/pay', { token: buyer, form })).status).toBe(200);
    const finance = await h.staffToken(['finance']);
    expect((await h.admin<{ status: string }>('POST', `/orders/${orderId}/confirm`, { token: finance })).body.status).toBe('confirmed');

    const [licence] = await h.eventually(async () => {
      const list = (await h.call<LicenceView[]>('/licence/list', { token: buyer, body: { orderId } })).body.data;
      return list.length === 1 && list[0]!.status === 'generated' ? list : null;
    });
    const file = await h.call<{ url: string }>('/licence/file', { token: buyer, body: { licenceId: licence!.licenceId } });
    const pdf = Buffer.from(await (await h.fetchLink(file.body.data.url)).arrayBuffer());
    const text = pdfText(pdf);
    for (const expected of ['晨光', '春季广告', '上海光影传媒有限公司', licence!.verificationCode]) expect(text).toContain(expected);

    const itemId = order.items[0]!.itemId;
    expect((await h.call('/download/original', { token: stranger, body: { orderId, itemId } })).body.code).toBe(5202);
    const link = await h.call<{ url: string }>('/download/original', { token: buyer, body: { orderId, itemId } });
    const original = await h.fetchLink(link.body.data.url);
    expect(await original.text()).toBe('RIFF-dawn-original');
  });
});
