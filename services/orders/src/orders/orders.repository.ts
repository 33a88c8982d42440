import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MAX_ORDER_NO_DRAWS, Metrics, NoMetrics, afterCommit, newOrderNo } from '@mkt/platform';
import type { InvoiceStatus, LicenceForm, MaterialReleases, OrderKind, OrderStatus } from '@mkt/contracts';

/** An order row as the services use it (money in integer fen). */
export interface OrderRow {
  id: string;
  orderNo: string;
  userId: string;
  kind: OrderKind;
  status: OrderStatus;
  licence: LicenceForm | null;
  totalFen: number | null;
  vipPricePercent: number | null;
  quoteValidUntil: Date | null;
  voucherKey: string | null;
  voucherAccountName: string | null;
  voucherRejectedReason: string | null;
  paidAt: Date | null;
  confirmedAt: Date | null;
  closedReason: string | null;
  hiddenFromCompany: boolean;
  /** The enterprise project a 'project' order was downloaded under. */
  projectId: string | null;
  /** What a 'product' order bought, as it was then. */
  shopProduct: StoredShopProduct | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredShopProduct {
  productId: number;
  nameZh: string;
  nameEn: string;
  videoCount: number;
  photoCount: number;
  validDays: number;
}

export interface OrderItemRow {
  id: number;
  orderId: string;
  materialId: number;
  kind: 'video' | 'photo' | 'music' | 'sfx';
  code: string;
  titleZh: string;
  titleEn: string;
  thumbnailKey: string | null;
  originalKey: string | null;
  listPriceFen: number | null;
  priceFen: number | null;
  musicLicence: { scene: string; channel: string; period: string; area: string } | null;
  /** The material's releases when the order was placed; null on orders from before releases. */
  releases: MaterialReleases | null;
  sort: number;
}

export interface MaterialRow {
  materialId: number;
  code: string;
  kind: 'video' | 'photo' | 'music' | 'sfx';
  onSale: boolean;
  titleZh: string;
  titleEn: string;
  maxResolution: string;
  thumbnailKey: string | null;
  originalKey: string | null;
  releases: MaterialReleases;
}

const ORDER_COLUMNS = `"id", "order_no" AS "orderNo", "user_id" AS "userId", "kind", "status", "licence",
  "total_fen"::float8 AS "totalFen", "vip_price_percent" AS "vipPricePercent", "quote_valid_until" AS "quoteValidUntil",
  "voucher_key" AS "voucherKey", "voucher_account_name" AS "voucherAccountName", "voucher_rejected_reason" AS "voucherRejectedReason",
  "paid_at" AS "paidAt", "confirmed_at" AS "confirmedAt", "closed_reason" AS "closedReason", "hidden_from_company" AS "hiddenFromCompany", "project_id" AS "projectId", "shop_product" AS "shopProduct", "created_at" AS "createdAt", "updated_at" AS "updatedAt"`;
const ITEM_COLUMNS = `"id", "order_id" AS "orderId", "material_id"::float8 AS "materialId", "kind", "code", "title_zh" AS "titleZh", "title_en" AS "titleEn",
  "thumbnail_key" AS "thumbnailKey", "original_key" AS "originalKey", "list_price_fen"::float8 AS "listPriceFen", "price_fen"::float8 AS "priceFen",
  "music_licence" AS "musicLicence", "releases", "sort"`;

/** A cart line about to become an order line. */
export interface CartLineRow {
  cartId: number;
  materialId: number;
  onSale: boolean;
  kind: OrderItemRow['kind'];
  code: string;
  titleZh: string;
  titleEn: string;
  thumbnailKey: string | null;
  originalKey: string | null;
  releases: MaterialReleases;
}

export interface NewOrderRow {
  id: string;
  orderNo: string;
  userId: string;
  kind: OrderRow['kind'];
  status: OrderStatus;
  licence: object | null;
  totalFen: number | null;
  createdAt: Date;
}

export type NewOrderItemRow = Pick<OrderItemRow, 'materialId' | 'kind' | 'code' | 'titleZh' | 'titleEn' | 'thumbnailKey' | 'originalKey'> &
  Partial<Pick<OrderItemRow, 'listPriceFen' | 'priceFen' | 'musicLicence' | 'releases'>>;

/** SQL of the orders schema; every method takes the manager of the caller's transaction when it has one. */
@Injectable()
export class OrdersRepository {
  /** Orders entering each status (created, or moved by the state machine), counted once committed. */
  private readonly entered;

  constructor(
    @InjectDataSource('orders') readonly dataSource: DataSource,
    @Optional() metrics: Metrics = new NoMetrics(),
  ) {
    this.entered = metrics.counter('orders_status_entered_total', 'Orders entering each status: created in it or moved to it', ['status']);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async material(materialId: number, manager?: EntityManager): Promise<MaterialRow | null> {
    const [row] = await this.m(manager).query(
      `SELECT "material_id"::float8 AS "materialId", "code", "kind", "on_sale" AS "onSale", "title_zh" AS "titleZh", "title_en" AS "titleEn",
        "max_resolution" AS "maxResolution", "thumbnail_key" AS "thumbnailKey", "original_key" AS "originalKey", "releases"
       FROM orders.materials WHERE "material_id" = $1`,
      [materialId],
    );
    return (row as MaterialRow | undefined) ?? null;
  }

  /** The order with its row locked until the transaction ends: the one place transitions happen. */
  async lockOrder(manager: EntityManager, id: string): Promise<OrderRow | null> {
    const [row] = await manager.query(`SELECT ${ORDER_COLUMNS} FROM orders.orders WHERE "id" = $1 FOR UPDATE`, [id]);
    return (row as OrderRow | undefined) ?? null;
  }

  async order(id: string, manager?: EntityManager): Promise<OrderRow | null> {
    const [row] = await this.m(manager).query(`SELECT ${ORDER_COLUMNS} FROM orders.orders WHERE "id" = $1`, [id]);
    return (row as OrderRow | undefined) ?? null;
  }

  async items(orderIds: string[], manager?: EntityManager): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return this.m(manager).query(`SELECT ${ITEM_COLUMNS} FROM orders.order_items WHERE "order_id" = ANY($1::uuid[]) ORDER BY "order_id", "sort"`, [orderIds]);
  }

  /** The buyer's orders; downloads under a project are listed on /DownloadList instead. */
  async userOrders(userId: string, skip: number, take: number): Promise<{ rows: OrderRow[]; total: number }> {
    // Downloads under a project or from a pack are listed on their own pages, not as orders.
    const where = `WHERE "user_id" = $1 AND "kind" NOT IN ('project', 'pack')`;
    const rows: OrderRow[] = await this.dataSource.query(`SELECT ${ORDER_COLUMNS} FROM orders.orders ${where} ORDER BY "created_at" DESC, "id" LIMIT $2 OFFSET $3`, [userId, take, skip]);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM orders.orders ${where}`, [userId]);
    return { rows, total };
  }

  async listOrders(where: { status?: string; kind?: string; q?: string; ids?: string[] }, sort: { field: string; order: 'ASC' | 'DESC' }, skip: number, take: number) {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (where.status) conditions.push(`"status" = $${params.push(where.status)}`);
    if (where.kind) conditions.push(`"kind" = $${params.push(where.kind)}`);
    if (where.q) conditions.push(`("order_no" ILIKE $${params.push(`%${where.q}%`)} OR "licence"->>'buyerCompany' ILIKE $${params.length})`);
    if (where.ids) conditions.push(`"id" = ANY($${params.push(where.ids)}::uuid[])`);
    const clause = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const column = { createdAt: 'created_at', updatedAt: 'updated_at', status: 'status', orderNo: 'order_no', totalFen: 'total_fen' }[sort.field] ?? 'created_at';
    const rows: OrderRow[] = await this.dataSource.query(
      `SELECT ${ORDER_COLUMNS} FROM orders.orders ${clause} ORDER BY "${column}" ${sort.order}, "id" LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM orders.orders ${clause}`, params);
    return { rows, total: total as number };
  }

  /** The caller's company when the caller is its enterprise administrator (an active enterprise customer with the flag). */
  async enterpriseCompanyOf(userId: string): Promise<string | null> {
    const [row] = await this.dataSource.query(
      `SELECT "customer_id" AS "customerId" FROM orders.customers
        WHERE "user_id" = $1 AND "customer_id" IS NOT NULL AND "customer_status" = 1 AND "customer_type" = 1 AND "enterprise_admin"`,
      [userId],
    );
    return (row?.customerId as string | undefined) ?? null;
  }

  /** Completed orders of every account of the company, except those their owners hid (project downloads have their own list). */
  async companyOrders(customerId: string, skip: number, take: number): Promise<{ rows: OrderRow[]; total: number }> {
    const where = `WHERE "status" = 'confirmed' AND "kind" NOT IN ('project', 'pack') AND NOT "hidden_from_company" AND "user_id" IN (SELECT "user_id" FROM orders.customers WHERE "customer_id" = $1)`;
    const rows: OrderRow[] = await this.dataSource.query(`SELECT ${ORDER_COLUMNS} FROM orders.orders ${where} ORDER BY "confirmed_at" DESC, "id" LIMIT $2 OFFSET $3`, [customerId, take, skip]);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM orders.orders ${where}`, [customerId]);
    return { rows, total };
  }

  async invoiceStatuses(orderIds: string[]): Promise<Map<string, InvoiceStatus>> {
    if (orderIds.length === 0) return new Map();
    const rows: { orderId: string; status: InvoiceStatus }[] = await this.dataSource.query(
      `SELECT "order_id" AS "orderId", "status" FROM orders.invoices WHERE "order_id" = ANY($1::uuid[])`,
      [orderIds],
    );
    return new Map(rows.map((r) => [r.orderId, r.status]));
  }

  async refundStatuses(orderIds: string[]): Promise<Map<string, 'requested' | 'approved' | 'rejected'>> {
    if (orderIds.length === 0) return new Map();
    const rows: { orderId: string; status: 'requested' | 'approved' | 'rejected' }[] = await this.dataSource.query(
      `SELECT "order_id" AS "orderId", "status" FROM orders.refunds WHERE "order_id" = ANY($1::uuid[])`,
      [orderIds],
    );
    return new Map(rows.map((r) => [r.orderId, r.status]));
  }

  /** The buyer's VIP order still waiting for payment or its confirmation, if any. */
  async openVipOrder(manager: EntityManager, userId: string): Promise<{ orderId: string; orderNo: string } | null> {
    const [row] = await manager.query(
      `SELECT "id" AS "orderId", "order_no" AS "orderNo" FROM orders.orders
       WHERE "user_id" = $1 AND "kind" = 'vip' AND "status" IN ('quoted', 'paid') ORDER BY "created_at" DESC LIMIT 1`,
      [userId],
    );
    return (row as { orderId: string; orderNo: string } | undefined) ?? null;
  }

  /** Serialises one buyer's VIP orders, so two clicks at once cannot open two. */
  async lockVipOrdersOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('orders.vip'), hashtext($1))`, [userId]);
  }

  async vipValidUntil(userId: string, manager?: EntityManager): Promise<Date | null> {
    const [row] = await this.m(manager).query(`SELECT "valid_until" AS "validUntil" FROM orders.vip_memberships WHERE "user_id" = $1`, [userId]);
    return (row?.validUntil as Date | undefined) ?? null;
  }

  async setStatus(manager: EntityManager, id: string, status: OrderStatus, changes: Record<string, unknown>, now: Date): Promise<void> {
    const sets = ['"status" = $2', '"updated_at" = $3'];
    const params: unknown[] = [id, status, now];
    for (const [column, value] of Object.entries(changes)) sets.push(`"${column}" = $${params.push(value)}`);
    await manager.query(`UPDATE orders.orders SET ${sets.join(', ')} WHERE "id" = $1`, params);
    afterCommit(manager, () => this.entered.inc({ status }));
  }

  /** The caller's cart lines with their materials' sale snapshots, locked until the order is written. */
  async lockCartLines(manager: EntityManager, userId: string, cartIds: number[]): Promise<CartLineRow[]> {
    return manager.query(
      `SELECT c."id" AS "cartId", m."material_id"::float8 AS "materialId", m."on_sale" AS "onSale", m."kind", m."code", m."title_zh" AS "titleZh",
         m."title_en" AS "titleEn", m."thumbnail_key" AS "thumbnailKey", m."original_key" AS "originalKey", m."releases"
       FROM orders.cart_items c JOIN orders.materials m ON m."material_id" = c."material_id"
       WHERE c."user_id" = $1 AND c."id" = ANY($2::int[]) ORDER BY c."created_at", c."id" FOR UPDATE OF c`,
      [userId, cartIds],
    );
  }

  async deleteCartLines(manager: EntityManager, userId: string, cartIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM orders.cart_items WHERE "user_id" = $1 AND "id" = ANY($2::int[])`, [userId, cartIds]);
  }

  /** Writes a new order; false when one with this id exists (an event delivered again). */
  /**
   * Inserts the order under its number and returns the number stored; null when an order with
   * this id is already there (a redelivered event). Numbers are random within their second, so
   * when another order holds this one a new number is drawn rather than failing the purchase.
   */
  async insertOrder(manager: EntityManager, order: NewOrderRow): Promise<string | null> {
    const licence = order.licence === null ? null : JSON.stringify(order.licence);
    let orderNo = order.orderNo;
    for (let draw = 1; ; draw += 1) {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO orders.orders ("id", "order_no", "user_id", "kind", "status", "licence", "total_fen", "created_at", "updated_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT DO NOTHING RETURNING "id"`,
        [order.id, orderNo, order.userId, order.kind, order.status, licence, order.totalFen, order.createdAt],
      );
      if (inserted.length > 0) {
        afterCommit(manager, () => this.entered.inc({ status: order.status }));
        return orderNo;
      }
      const [existing] = (await manager.query(`SELECT 1 FROM orders.orders WHERE "id" = $1`, [order.id])) as unknown[];
      if (existing) return null;
      if (draw >= MAX_ORDER_NO_DRAWS) throw new Error(`no free order number for order ${order.id} after ${draw} draws`);
      orderNo = newOrderNo(order.createdAt);
    }
  }

  /** The order's lines, in the order given. */
  async insertItems(manager: EntityManager, orderId: string, items: NewOrderItemRow[]): Promise<void> {
    for (const [sort, item] of items.entries()) {
      await manager.query(
        `INSERT INTO orders.order_items ("order_id", "material_id", "kind", "code", "title_zh", "title_en", "thumbnail_key", "original_key", "list_price_fen", "price_fen", "music_licence", "sort", "releases")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          orderId,
          item.materialId,
          item.kind,
          item.code,
          item.titleZh,
          item.titleEn,
          item.thumbnailKey,
          item.originalKey,
          item.listPriceFen ?? null,
          item.priceFen ?? null,
          item.musicLicence === undefined || item.musicLicence === null ? null : JSON.stringify(item.musicLicence),
          sort,
          item.releases ? JSON.stringify(item.releases) : null,
        ],
      );
    }
  }

  async setItemPrice(manager: EntityManager, itemId: number, listPriceFen: number, priceFen: number): Promise<void> {
    await manager.query(`UPDATE orders.order_items SET "list_price_fen" = $2, "price_fen" = $3 WHERE "id" = $1`, [itemId, listPriceFen, priceFen]);
  }

  /** False when the order is not the user's (or does not exist). */
  async setHiddenFromCompany(id: string, userId: string, hidden: boolean, now: Date): Promise<boolean> {
    const [, affected] = await this.dataSource.query(`UPDATE orders.orders SET "hidden_from_company" = $3, "updated_at" = $4 WHERE "id" = $1 AND "user_id" = $2`, [id, userId, hidden, now]);
    return Boolean(affected);
  }

  /** A membership `days` long from now, or from the end of one that is still running. */
  async extendVipMembership(manager: EntityManager, userId: string, now: Date, days: number): Promise<void> {
    await manager.query(
      `INSERT INTO orders.vip_memberships ("user_id", "valid_until", "updated_at") VALUES ($1, $2::timestamptz + make_interval(days => $3), $2)
       ON CONFLICT ("user_id") DO UPDATE SET "valid_until" = GREATEST(orders.vip_memberships."valid_until", $2::timestamptz) + make_interval(days => $3), "updated_at" = $2`,
      [userId, now, days],
    );
  }
}
