import { MaterialPublished, MaterialUnpublished, type OrderView } from '@mkt/contracts';
import type { ServiceUnderTest } from '@mkt/platform/testing';

/** A 1×1 PNG: a payment voucher. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
export const LICENCE = {
  licenceType: 'commercial',
  buyerCompany: '上海光影传媒有限公司',
  projectType: 'advertising',
  projectName: '外滩夜景宣传片',
  brand: '光影',
  userCompany: '杭州使用方科技有限公司',
  purpose: '品牌广告投放',
  region: 'mainland',
  duration: '1y',
  contact: '王小明',
  phone: '13800000001',
  specialRequest: '',
};
export const INVOICE = {
  region: 'mainland',
  companyName: '上海光影传媒有限公司',
  taxNumber: '91310000MA1FL0000X',
  bank: '招商银行上海分行',
  account: '6225880000000000',
  address: '上海市黄浦区中山东一路 1 号',
  phone: '021-60000000',
  recipient: '王小明',
  recipientAddress: '上海市黄浦区中山东一路 1 号',
  recipientPhone: '13800000001',
};
/** On sale with a stored original; on sale with its original still being processed; withdrawn. */
export const VIDEO = 9101;
export const PHOTO = 9102;
export const GONE = 9103;

export function sale(titleZh: string, titleEn: string, kind: 'video' | 'photo', originalKey: string | null) {
  return { titleZh, titleEn, from: 'own', maxResolution: kind === 'video' ? '4K' : '6000x4000', width: 3840, height: 2160, duration: kind === 'video' ? 12 : null, thumbnailKey: `renditions/m/${titleEn}/thumb.jpg`, originalKey };
}

/** The multipart body of /order/pay. */
export function voucher(id: string, bytes: Buffer = PNG, accountName = '上海光影传媒有限公司'): FormData {
  const form = new FormData();
  form.set('id', id);
  form.set('accountName', accountName);
  form.set('voucher', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'voucher.png');
  return form;
}

/**
 * The materials a purchase needs, announced as the catalogue would, and the staff who price and
 * confirm; returns the steps every purchase test takes.
 */
export async function setUpPurchaseWorld(h: ServiceUnderTest) {
  const sales = await h.staffToken(['sales']);
  const finance = await h.staffToken(['finance']);
  await h.storage().ensureBucket('originals');
  await h.storage().put('originals', 'm/bund/original.mp4', Buffer.from('original-video-bytes'), { contentType: 'video/mp4' });
  const onlineAt = new Date().toISOString();
  await h.publish(MaterialPublished, String(VIDEO), { materialId: VIDEO, code: 'V9101', kind: 'video', onlineAt, sale: sale('上海外滩夜景延时摄影', 'Shanghai Bund night timelapse', 'video', 'originals/m/bund/original.mp4') });
  await h.publish(MaterialPublished, String(PHOTO), { materialId: PHOTO, code: 'P9102', kind: 'photo', onlineAt, sale: sale('西湖断桥残雪', 'West Lake bridge in snow', 'photo', 'originals/m/lake/original.jpg') });
  await h.publish(MaterialPublished, String(GONE), { materialId: GONE, code: 'V9103', kind: 'video', onlineAt, sale: sale('已下架素材', 'Withdrawn clip', 'video', null) });
  await h.publish(MaterialUnpublished, String(GONE), { materialId: GONE, code: 'V9103', kind: 'video' });
  await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.materials WHERE material_id = $1 AND NOT on_sale`, [GONE])).length > 0 && (await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders.materials`))[0]!.n === 3);
  return {
    sales,
    finance,
    /** A buyer with a video and a photo in the cart turned into a submitted order. */
    async submittedOrder(token: string, materials = [VIDEO, PHOTO]): Promise<string> {
      const cartIds: number[] = [];
      for (const materialId of materials) cartIds.push((await h.call<{ cartId: number }>('/cart/add', { token, body: { materialId } })).body.data.cartId);
      const created = await h.call<{ orderId: string; orderNo: string }>('/order/create', { token, body: { cartIds, licence: LICENCE } });
      expect(created.status).toBe(200);
      return created.body.data.orderId;
    },
    async quote(orderId: string, pricesYuan: number[], token = sales) {
      const detail = await h.admin<{ items: { itemId: number }[] }>('GET', `/orders/${orderId}`, { token });
      const items = detail.body.items.map((item, i) => ({ itemId: item.itemId, priceFen: pricesYuan[i]! * 100 }));
      return h.admin<OrderView & { allowedActions: string[] }>('POST', `/orders/${orderId}/quote`, { token, body: { items, validUntil: new Date(Date.now() + 86_400_000).toISOString() } });
    },
  };
}
