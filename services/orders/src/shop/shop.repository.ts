import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MAX_ORDER_NO_DRAWS, newOrderNo } from '@mkt/platform';
import type { LicenceDuration, LicenceForm, MaterialReleases, LicenceRegion, LicenceType, ShopProductInput, ShopProductKind, ShopProductUpdate } from '@mkt/contracts';
import type { StoredShopProduct } from '../orders/orders.repository.js';

export interface ShopProductRow {
  id: number;
  kind: ShopProductKind;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  priceFen: number;
  videoCount: number;
  photoCount: number;
  validDays: number;
  licenceType: LicenceType;
  region: LicenceRegion;
  duration: LicenceDuration;
  enabled: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DownloadPackRow {
  id: string;
  userId: string;
  orderId: string;
  orderStatus: string;
  nameZh: string;
  nameEn: string;
  videoTotal: number;
  photoTotal: number;
  videoUsed: number;
  photoUsed: number;
  unitFen: number;
  licence: LicenceForm;
  validUntil: Date;
  createdAt: Date;
}

const PRODUCT_COLUMNS = `"id", "kind", "name_zh" AS "nameZh", "name_en" AS "nameEn", "description_zh" AS "descriptionZh", "description_en" AS "descriptionEn",
  "price_fen" AS "priceFen", "video_count" AS "videoCount", "photo_count" AS "photoCount", "valid_days" AS "validDays", "licence_type" AS "licenceType",
  "region", "duration", "enabled", "sort_order" AS "sortOrder", "created_at" AS "createdAt", "updated_at" AS "updatedAt"`;

const PACK_COLUMNS = `p."id", p."user_id" AS "userId", p."order_id" AS "orderId", o."status" AS "orderStatus", p."name_zh" AS "nameZh", p."name_en" AS "nameEn",
  p."video_total" AS "videoTotal", p."photo_total" AS "photoTotal", p."unit_fen" AS "unitFen", p."licence", p."valid_until" AS "validUntil", p."created_at" AS "createdAt",
  (SELECT count(*)::int FROM orders.pack_downloads d WHERE d."pack_id" = p."id" AND d."kind" = 'video') AS "videoUsed",
  (SELECT count(*)::int FROM orders.pack_downloads d WHERE d."pack_id" = p."id" AND d."kind" = 'photo') AS "photoUsed"`;

/** Console columns a product list may sort by, and the columns they are. */
export const PRODUCT_SORTABLE: Record<string, string> = {
  id: '"id"',
  sortOrder: '"sort_order"',
  priceFen: '"price_fen"',
  nameZh: '"name_zh"',
  updatedAt: '"updated_at"',
};

const WRITABLE: Record<keyof ShopProductInput, string> = {
  kind: 'kind',
  nameZh: 'name_zh',
  nameEn: 'name_en',
  descriptionZh: 'description_zh',
  descriptionEn: 'description_en',
  priceFen: 'price_fen',
  videoCount: 'video_count',
  photoCount: 'photo_count',
  validDays: 'valid_days',
  licenceType: 'licence_type',
  region: 'region',
  duration: 'duration',
  enabled: 'enabled',
  sortOrder: 'sort_order',
};

/** SQL of shop products, the packs bought and the downloads drawn from them. */
@Injectable()
export class ShopRepository {
  constructor(@InjectDataSource('orders') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async enabledProducts(): Promise<ShopProductRow[]> {
    return this.dataSource.query(`SELECT ${PRODUCT_COLUMNS} FROM orders.shop_products WHERE "enabled" ORDER BY "sort_order", "price_fen", "id"`);
  }

  async product(id: number, manager?: EntityManager): Promise<ShopProductRow | null> {
    const [row] = await this.m(manager).query(`SELECT ${PRODUCT_COLUMNS} FROM orders.shop_products WHERE "id" = $1`, [id]);
    return (row as ShopProductRow | undefined) ?? null;
  }

  async listProducts(filter: { q?: string; enabled?: boolean; ids?: number[] }, sort: { field: string; order: 'ASC' | 'DESC' }, skip: number, take: number): Promise<{ rows: ShopProductRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.q) {
      params.push(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`("name_zh" ILIKE $${params.length} OR "name_en" ILIKE $${params.length})`);
    }
    if (filter.enabled !== undefined) {
      params.push(filter.enabled);
      where.push(`"enabled" = $${params.length}`);
    }
    if (filter.ids) {
      params.push(filter.ids);
      where.push(`"id" = ANY($${params.length}::int[])`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const column = PRODUCT_SORTABLE[sort.field] ?? '"id"';
    const rows = await this.dataSource.query(
      `SELECT ${PRODUCT_COLUMNS} FROM orders.shop_products ${clause} ORDER BY ${column} ${sort.order === 'ASC' ? 'ASC' : 'DESC'}, "id" ${sort.order === 'ASC' ? 'ASC' : 'DESC'} OFFSET ${skip} LIMIT ${take}`,
      params,
    );
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS "total" FROM orders.shop_products ${clause}`, params);
    return { rows, total };
  }

  async insertProduct(manager: EntityManager, input: ShopProductInput, at: Date): Promise<number> {
    const keys = Object.keys(WRITABLE) as (keyof ShopProductInput)[];
    const columns = keys.map((k) => `"${WRITABLE[k]}"`).join(', ');
    const values = keys.map((_, i) => `$${i + 1}`).join(', ');
    const [row] = await manager.query(
      `INSERT INTO orders.shop_products (${columns}, "created_at", "updated_at") VALUES (${values}, $${keys.length + 1}, $${keys.length + 1}) RETURNING "id"`,
      [...keys.map((k) => input[k]), at],
    );
    return Number(row.id);
  }

  async updateProduct(manager: EntityManager, id: number, changes: ShopProductUpdate, at: Date): Promise<void> {
    const keys = (Object.keys(changes) as (keyof ShopProductUpdate)[]).filter((k) => changes[k] !== undefined && k in WRITABLE);
    const sets = keys.map((k, i) => `"${WRITABLE[k]}" = $${i + 2}`);
    sets.push(`"updated_at" = $${keys.length + 2}`);
    await manager.query(`UPDATE orders.shop_products SET ${sets.join(', ')} WHERE "id" = $1`, [id, ...keys.map((k) => changes[k]), at]);
  }

  async lockProduct(manager: EntityManager, id: number): Promise<ShopProductRow | null> {
    const [row] = await manager.query(`SELECT ${PRODUCT_COLUMNS} FROM orders.shop_products WHERE "id" = $1 FOR UPDATE`, [id]);
    return (row as ShopProductRow | undefined) ?? null;
  }

  /** What the 'product' order bought: written beside the order insert, in the same transaction. */
  async setOrderProduct(manager: EntityManager, orderId: string, product: StoredShopProduct): Promise<void> {
    await manager.query(`UPDATE orders.orders SET "shop_product" = $2 WHERE "id" = $1`, [orderId, JSON.stringify(product)]);
  }

  /** The pack a confirmed purchase grants; confirming again finds it there and adds nothing. */
  async grantPack(
    manager: EntityManager,
    pack: { id: string; userId: string; orderId: string; productId: number; nameZh: string; nameEn: string; videoTotal: number; photoTotal: number; unitFen: number; licence: LicenceForm; validUntil: Date; at: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO orders.download_packs ("id", "user_id", "order_id", "product_id", "name_zh", "name_en", "video_total", "photo_total", "unit_fen", "licence", "valid_until", "created_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT ("order_id") DO NOTHING`,
      [pack.id, pack.userId, pack.orderId, pack.productId, pack.nameZh, pack.nameEn, pack.videoTotal, pack.photoTotal, pack.unitFen, JSON.stringify(pack.licence), pack.validUntil, pack.at],
    );
  }

  async packsOf(userId: string, manager?: EntityManager): Promise<DownloadPackRow[]> {
    return this.m(manager).query(
      `SELECT ${PACK_COLUMNS} FROM orders.download_packs p JOIN orders.orders o ON o."id" = p."order_id" WHERE p."user_id" = $1 ORDER BY p."valid_until", p."created_at"`,
      [userId],
    );
  }

  /** Every pack of the user locked, so two downloads at once cannot both take the last one. */
  async lockPacksOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT 1 FROM orders.download_packs WHERE "user_id" = $1 ORDER BY "id" FOR UPDATE`, [userId]);
  }

  async earlierDownload(manager: EntityManager, userId: string, materialId: number): Promise<{ orderId: string; itemId: number; packId: string } | null> {
    const [row] = await manager.query(
      `SELECT "order_id" AS "orderId", "item_id" AS "itemId", "pack_id" AS "packId" FROM orders.pack_downloads WHERE "user_id" = $1 AND "material_id" = $2 ORDER BY "downloaded_at" LIMIT 1`,
      [userId, materialId],
    );
    return (row as { orderId: string; itemId: number; packId: string } | undefined) ?? null;
  }

  /** A 'pack' order: born confirmed (the pack was paid for), priced at the pack's share per download. */
  async insertPackOrder(
    manager: EntityManager,
    order: { id: string; orderNo: string; userId: string; licence: LicenceForm; unitFen: number; at: Date },
    item: { materialId: number; kind: 'video' | 'photo'; code: string; titleZh: string; titleEn: string; thumbnailKey: string | null; originalKey: string | null; releases: MaterialReleases },
  ): Promise<number> {
    // A number another order holds is drawn again (numbers are random within their second).
    for (let draw = 1, orderNo = order.orderNo; ; draw += 1, orderNo = newOrderNo(order.at)) {
      const stored: unknown[] = await manager.query(
        `INSERT INTO orders.orders ("id", "order_no", "user_id", "kind", "status", "licence", "total_fen", "confirmed_at", "created_at", "updated_at")
         VALUES ($1, $2, $3, 'pack', 'confirmed', $4, $5, $6, $6, $6) ON CONFLICT ("order_no") DO NOTHING RETURNING "id"`,
        [order.id, orderNo, order.userId, JSON.stringify(order.licence), order.unitFen, order.at],
      );
      if (stored.length > 0) break;
      if (draw >= MAX_ORDER_NO_DRAWS) throw new Error(`no free order number for order ${order.id} after ${draw} draws`);
    }
    const [inserted] = await manager.query(
      `INSERT INTO orders.order_items ("order_id", "material_id", "kind", "code", "title_zh", "title_en", "thumbnail_key", "original_key", "list_price_fen", "price_fen", "sort", "releases")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, 0, $10) RETURNING "id"`,
      [order.id, item.materialId, item.kind, item.code, item.titleZh, item.titleEn, item.thumbnailKey, item.originalKey, order.unitFen, JSON.stringify(item.releases)],
    );
    return Number(inserted.id);
  }

  async recordDownload(manager: EntityManager, row: { packId: string; userId: string; materialId: number; kind: 'video' | 'photo'; orderId: string; itemId: number; at: Date }): Promise<void> {
    await manager.query(
      `INSERT INTO orders.pack_downloads ("pack_id", "user_id", "material_id", "kind", "order_id", "item_id", "downloaded_at") VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.packId, row.userId, row.materialId, row.kind, row.orderId, row.itemId, row.at],
    );
  }
}
