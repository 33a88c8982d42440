import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MaterialPublished, type OrderView, type PurchasedMaterial } from '@mkt/contracts';
import { UploadsModule } from '@mkt/uploads';
import { startOrders, type OrdersHarness } from './orders-harness.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const licence = (licenceType: 'personal' | 'commercial') => ({
  licenceType,
  buyerCompany: '个人',
  projectType: 'online-video',
  projectName: '旅行 vlog',
  brand: '',
  userCompany: '个人',
  purpose: '个人视频号',
  region: 'mainland',
  duration: 'permanent',
  contact: '李雷',
  phone: '',
  specialRequest: '',
});

function clip(width: number, height: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'delivery-clip-'));
  const out = join(dir, 'clip.mp4');
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function probe(bytes: Buffer): { width: number; height: number; audio: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'delivery-probe-'));
  let json: { streams: { codec_type: string; width?: number; height?: number }[] };
  try {
    writeFileSync(join(dir, 'file.mp4'), bytes);
    json = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', join(dir, 'file.mp4')], { encoding: 'utf8' })) as typeof json;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const video = json.streams.find((s) => s.codec_type === 'video')!;
  return { width: video.width!, height: video.height!, audio: json.streams.some((s) => s.codec_type === 'audio') };
}

/**
 * A personal licence delivers at most 1080P video or a medium-size photo (spec section 9): licensing
 * asks the uploads service for a reduced copy, once per source file, and hands that out instead
 * of the original; commercial licences of the same file still get the original.
 */
describe('personal licences deliver 1080P video and medium photos', () => {
  let h: OrdersHarness;
  const [BIG_CLIP, SMALL_CLIP, BIG_PHOTO, LATE_PHOTO] = [9301, 9302, 9303, 9304];
  const big = clip(2560, 1440);
  const small = clip(1280, 720);
  let photo: Buffer;

  async function confirmedOrder(token: string, materialIds: number[], licenceType: 'personal' | 'commercial'): Promise<string> {
    const cartIds: number[] = [];
    for (const materialId of materialIds) cartIds.push((await h.call<{ cartId: number }>('/cart/add', { token, body: { materialId } })).body.data.cartId);
    const orderId = (await h.call<{ orderId: string }>('/order/create', { token, body: { cartIds, licence: licence(licenceType) } })).body.data.orderId;
    const staff = await h.staffToken(['admin']);
    const detail = await h.admin<{ items: { itemId: number }[] }>('GET', `/orders/${orderId}`, { token: staff });
    await h.admin('POST', `/orders/${orderId}/quote`, { token: staff, body: { items: detail.body.items.map((i) => ({ itemId: i.itemId, priceFen: 5000 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() } });
    const form = new FormData();
    form.set('id', orderId);
    form.set('accountName', '李雷');
    form.set('voucher', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'voucher.png');
    await h.call('/order/pay', { token, form });
    expect((await h.admin<OrderView>('POST', `/orders/${orderId}/confirm`, { token: staff })).body.status).toBe('confirmed');
    return orderId;
  }
  const materials = async (token: string, orderId: string) => (await h.call<PurchasedMaterial[]>('/licence/materials', { token })).body.data.filter((m) => m.orderId === orderId);
  const fetchFile = async (token: string, m: PurchasedMaterial) => {
    const link = await h.call<{ url: string }>('/download/original', { token, body: { orderId: m.orderId, itemId: m.itemId } });
    expect(link.status).toBe(200);
    const response = await fetch(`${h.url}${link.body.data.url}`);
    return { bytes: Buffer.from(await response.arrayBuffer()), name: response.headers.get('content-disposition') ?? '' };
  };

  beforeAll(async () => {
    h = await startOrders({ extraModules: [UploadsModule] });
    photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a6ea5' } }).jpeg({ quality: 90 }).toBuffer();
    await h.storage().ensureBucket('originals');
    await h.storage().put('originals', 'm/big/original.mp4', big, { contentType: 'video/mp4' });
    await h.storage().put('originals', 'm/small/original.mp4', small, { contentType: 'video/mp4' });
    await h.storage().put('originals', 'm/photo/original.jpg', photo, { contentType: 'image/jpeg' });
    const publish = (materialId: number, kind: 'video' | 'photo', originalKey: string) =>
      h.publish(MaterialPublished, String(materialId), {
        materialId,
        code: `${kind === 'video' ? 'V' : 'P'}${materialId}`,
        kind,
        onlineAt: new Date().toISOString(),
        // The catalogue's labels are not trusted for the limit: sizes are read from the files.
        sale: { titleZh: `素材 ${materialId}`, titleEn: `Material ${materialId}`, from: 'own', maxResolution: '4K', width: 3840, height: 2160, duration: 1, thumbnailKey: null, originalKey },
      });
    await publish(BIG_CLIP, 'video', 'originals/m/big/original.mp4');
    await publish(SMALL_CLIP, 'video', 'originals/m/small/original.mp4');
    await publish(BIG_PHOTO, 'photo', 'originals/m/photo/original.jpg');
    await publish(LATE_PHOTO, 'photo', 'originals/m/late/original.jpg');
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.materials`)).length === 4);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('hands a personal licence the reduced copies, made once per file, and a commercial licence the originals', async () => {
    const buyer = await h.userToken();
    const orderId = await confirmedOrder(buyer, [BIG_CLIP, SMALL_CLIP, BIG_PHOTO], 'personal');
    const ready = await h.eventually(async () => {
      const list = await materials(buyer, orderId);
      return list.length === 3 && list.every((m) => m.downloadable) ? list : null;
    }, 60_000);
    expect(ready.map((m) => m.delivery)).toEqual(['personal', 'personal', 'personal']);
    const byId = new Map(ready.map((m) => [m.materialId, m]));

    const reducedClip = await fetchFile(buyer, byId.get(BIG_CLIP)!);
    expect(probe(reducedClip.bytes)).toEqual({ width: 1920, height: 1080, audio: true });
    expect(reducedClip.name).toContain('V9301-1080P.mp4');
    // Already within the limit: the original itself.
    const smallClip = await fetchFile(buyer, byId.get(SMALL_CLIP)!);
    expect(smallClip.bytes.equals(small)).toBe(true);
    expect(smallClip.name).toContain('V9302.mp4');
    const reducedPhoto = await fetchFile(buyer, byId.get(BIG_PHOTO)!);
    expect(await sharp(reducedPhoto.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 667 });
    expect(reducedPhoto.name).toContain('P9303-medium.jpg');

    // A second individual licensing the same clip waits for no new render.
    const other = await h.userToken();
    const second = await confirmedOrder(other, [BIG_CLIP], 'personal');
    const [again] = await h.eventually(async () => {
      const list = await materials(other, second);
      return list.length === 1 && list[0]!.downloadable ? list : null;
    });
    expect(probe((await fetchFile(other, again!)).bytes)).toMatchObject({ width: 1920, height: 1080 });
    expect(await h.sql(`SELECT 1 FROM licensing.outbox WHERE name = 'delivery.requested' AND aggregate_id = 'originals/m/big/original.mp4'`)).toHaveLength(1);

    const business = await h.userToken();
    const commercial = await confirmedOrder(business, [BIG_CLIP, BIG_PHOTO], 'commercial');
    const originals = await h.eventually(async () => {
      const list = await materials(business, commercial);
      return list.length === 2 && list.every((m) => m.downloadable) ? list : null;
    });
    expect(originals.map((m) => m.delivery)).toEqual(['original', 'original']);
    for (const m of originals) expect((await fetchFile(business, m)).bytes.equals(m.materialId === BIG_CLIP ? big : photo)).toBe(true);
  }, 120_000);

  it('says the file is in transcoding while it cannot be made, and asks again once the source is there', async () => {
    const buyer = await h.userToken();
    const orderId = await confirmedOrder(buyer, [LATE_PHOTO], 'personal');
    await h.eventually(async () => {
      const [row] = await h.sql<{ status: string; reason: string | null }>(`SELECT status, reason FROM licensing.deliveries WHERE source_key = 'originals/m/late/original.jpg'`);
      return row?.status === 'failed' && row.reason === 'deliverySourceMissing';
    });
    const [item] = await materials(buyer, orderId);
    expect(item!.downloadable).toBe(false);
    const waiting = await h.call('/download/original', { token: buyer, body: { orderId, itemId: item!.itemId }, lang: 'en' });
    expect([waiting.status, waiting.body.code, waiting.body.message]).toEqual([409, 5201, 'File in transcoding, please wait patiently']);
    // The original arrives later; the next download attempt after the pause asks for the copy again.
    await h.storage().put('originals', 'm/late/original.jpg', photo, { contentType: 'image/jpeg' });
    await h.sql(`UPDATE licensing.deliveries SET requested_at = requested_at - interval '11 minutes' WHERE source_key = 'originals/m/late/original.jpg'`);
    expect((await h.call('/download/original', { token: buyer, body: { orderId, itemId: item!.itemId } })).status).toBe(409);
    const [done] = await h.eventually(async () => {
      const list = await materials(buyer, orderId);
      return list[0]?.downloadable ? list : null;
    }, 30_000);
    expect(await sharp((await fetchFile(buyer, done!)).bytes).metadata()).toMatchObject({ width: 1000, height: 667 });
    // Nobody else's right: the buyer's own only.
    expect((await h.call('/download/original', { token: await h.userToken(randomUUID()), body: { orderId, itemId: item!.itemId } })).status).toBe(404);
  }, 120_000);
});
