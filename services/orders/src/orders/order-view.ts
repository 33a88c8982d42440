import type { InvoiceStatus, Language, OrderView } from '@mkt/contracts';
import { publicRenditionPath } from '@mkt/platform';
import type { OrderItemRow, OrderRow } from './orders.repository.js';

export const titleIn = (language: Language, zh: string, en: string): string => (language === 'en' ? en || zh : zh || en);
const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

export function toOrderView(
  order: OrderRow,
  items: OrderItemRow[],
  language: Language,
  extra: { invoiceStatus?: InvoiceStatus | null; refundStatus?: OrderView['refundStatus'] } = {},
): OrderView {
  return {
    id: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    status: order.status,
    createdAt: iso(order.createdAt)!,
    licence: order.licence,
    items: items.map((item) => ({
      itemId: item.id,
      materialId: item.materialId,
      kind: item.kind,
      code: item.code,
      title: titleIn(language, item.titleZh, item.titleEn),
      thumbnail: publicRenditionPath(item.thumbnailKey),
      listPriceFen: item.listPriceFen,
      priceFen: item.priceFen,
      licence: item.musicLicence,
    })),
    totalFen: order.totalFen,
    vipPricePercent: order.vipPricePercent,
    quoteValidUntil: iso(order.quoteValidUntil),
    voucherSubmitted: order.voucherKey !== null,
    voucherRejectedReason: order.voucherRejectedReason,
    paidAt: iso(order.paidAt),
    confirmedAt: iso(order.confirmedAt),
    closedReason: order.closedReason,
    invoiceStatus: extra.invoiceStatus ?? null,
    refundStatus: extra.refundStatus ?? null,
    hiddenFromCompany: order.hiddenFromCompany,
    projectId: order.projectId,
    product: order.shopProduct
      ? {
          productId: order.shopProduct.productId,
          name: titleIn(language, order.shopProduct.nameZh, order.shopProduct.nameEn),
          videoCount: order.shopProduct.videoCount,
          photoCount: order.shopProduct.photoCount,
          validDays: order.shopProduct.validDays,
        }
      : null,
  };
}
