import { serialId, shopProductCreateSchema, shopProductFilterSchema, shopProductUpdateSchema } from '@mkt/contracts';
import { adminResourceController } from '@mkt/platform';
import { ShopService } from '../shop/shop.service.js';
import { PRODUCT_SORTABLE } from '../shop/shop.repository.js';

/**
 * shop-products — read and write: admin, sales. record: ShopProductRecord (bilingual names and
 * descriptions, price in fen, video and photo counts, valid days, licence terms, enabled, sort order).
 * filter: { q (name in either language), enabled, id[] }; sort: id, sortOrder, priceFen, nameZh, updatedAt.
 * POST / creates, PUT /:id edits (enabled: false takes it off the shop); every write is audited.
 * There is no delete: orders keep pointing at what they bought.
 */
export const AdminShopProductsController = adminResourceController({
  resource: 'shop-products',
  tag: 'admin: shop',
  service: ShopService,
  id: serialId(),
  roles: ['admin', 'sales'],
  list: { sortable: Object.keys(PRODUCT_SORTABLE), defaultSort: ['sortOrder', 'ASC'], filter: shopProductFilterSchema, rows: (shop, query) => shop.listRecords(query) },
  get: (shop, id) => shop.record(id),
  create: { schema: shopProductCreateSchema, run: (shop, actor, body) => shop.create(actor, body) },
  update: { schema: shopProductUpdateSchema, run: (shop, actor, id, body) => shop.update(actor, id, body) },
});
