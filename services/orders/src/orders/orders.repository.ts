import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { InvoiceStatus, LicenceForm, OrderKind, OrderStatus } from '@mkt/contracts';

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
  createdAt: Date;
  updatedAt: Date;
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
}

const ORDER_COLUMNS = `"id", "order_no" AS "orderNo", "user_id" AS "userId", "kind", "status", "licence",
  "total_fen"::float8 AS "totalFen", "vip_price_percent" AS "vipPricePercent", "quote_valid_until" AS "quoteValidUntil",
  "voucher_key" AS "voucherKey", "voucher_account_name" AS "voucherAccountName", "voucher_rejected_reason" AS "voucherRejectedReason",
  "paid_at" AS "paidAt", "confirmed_at" AS "confirmedAt", "closed_reason" AS "closedReason", "hidden_from_company" AS "hiddenFromCompany", "project_id" AS "projectId", "created_at" AS "createdAt", "updated_at" AS "updatedAt"`;
const ITEM_COLUMNS = `"id", "order_id" AS "orderId", "material_id"::float8 AS "materialId", "kind", "code", "title_zh" AS "titleZh", "title_en" AS "titleEn",
  "thumbnail_key" AS "thumbnailKey", "original_key" AS "originalKey", "list_price_fen"::float8 AS "listPriceFen", "price_fen"::float8 AS "priceFen",
  "music_licence" AS "musicLicence", "sort"`;

/** SQL of the orders schema; every method takes the manager of the caller's transaction when it has one. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource('orders') readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async material(materialId: number, manager?: EntityManager): Promise<MaterialRow | null> {
    const [row] = await this.m(manager).query(
      `SELECT "material_id"::float8 AS "materialId", "code", "kind", "on_sale" AS "onSale", "title_zh" AS "titleZh", "title_en" AS "titleEn",
        "max_resolution" AS "maxResolution", "thumbnail_key" AS "thumbnailKey", "original_key" AS "originalKey"
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
    const where = `WHERE "user_id" = $1 AND "kind" <> 'project'`;
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
    const where = `WHERE "status" = 'confirmed' AND "kind" <> 'project' AND NOT "hidden_from_company" AND "user_id" IN (SELECT "user_id" FROM orders.customers WHERE "customer_id" = $1)`;
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

  async vipValidUntil(userId: string, manager?: EntityManager): Promise<Date | null> {
    const [row] = await this.m(manager).query(`SELECT "valid_until" AS "validUntil" FROM orders.vip_memberships WHERE "user_id" = $1`, [userId]);
    return (row?.validUntil as Date | undefined) ?? null;
  }

  async setStatus(manager: EntityManager, id: string, status: OrderStatus, changes: Record<string, unknown>, now: Date): Promise<void> {
    const sets = ['"status" = $2', '"updated_at" = $3'];
    const params: unknown[] = [id, status, now];
    for (const [column, value] of Object.entries(changes)) sets.push(`"${column}" = $${params.push(value)}`);
    await manager.query(`UPDATE orders.orders SET ${sets.join(', ')} WHERE "id" = $1`, params);
  }
}
