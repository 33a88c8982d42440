import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorCode,
  MusicOrderPlaced,
  OrderClosed,
  OrderConfirmed,
  OrderPaid,
  OrderQuoted,
  OrderSubmitted,
  VIP_DAYS,
  VIP_PRICE_FEN,
  VIP_PRICE_PERCENT,
  VOUCHER_MAX_BYTES,
  vipPriceFen,
  type Language,
  type LicenceForm,
  type OrderListResponse,
  type OrderQuote,
  type OrderView,
  type PayloadOf,
  type VipInfo,
} from '@mkt/contracts';
import { AppError, StaffAuditWriter, parseObjectLocation, Clock, OBJECT_STORAGE, OutboxWriter, type AuthenticatedStaff, type ObjectStorage } from '@mkt/platform';
import { transition, type OrderAction } from './order-state-machine.js';
import { newOrderNo, toOrderView } from './order-view.js';
import { OrdersRepository, type OrderItemRow, type OrderRow } from './orders.repository.js';

export const VOUCHER_BUCKET = 'vouchers';

/** An uploaded file as multer hands it over (memory storage). */
export interface UploadedFile {
  buffer: Buffer;
  mimetype: string;
  size: number;
  originalname: string;
}

/** jpg and png are told apart by their first bytes, not by the name or the declared type. */
export function imageTypeOf(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

/**
 * The order process: submission from the cart, staff quotes, the buyer's voucher, staff
 * confirmation or rejection, closing and refunds. Every transition locks the order row, asks the
 * state machine, writes and publishes in one transaction.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async submit(userId: string, cartIds: number[], licence: LicenceForm): Promise<{ orderId: string; orderNo: string }> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const rows: { cartId: number; materialId: number; onSale: boolean; kind: OrderItemRow['kind']; code: string; titleZh: string; titleEn: string; thumbnailKey: string | null; originalKey: string | null }[] =
        await manager.query(
          `SELECT c."id" AS "cartId", m."material_id"::float8 AS "materialId", m."on_sale" AS "onSale", m."kind", m."code", m."title_zh" AS "titleZh",
             m."title_en" AS "titleEn", m."thumbnail_key" AS "thumbnailKey", m."original_key" AS "originalKey"
           FROM orders.cart_items c JOIN orders.materials m ON m."material_id" = c."material_id"
           WHERE c."user_id" = $1 AND c."id" = ANY($2::int[]) ORDER BY c."created_at", c."id" FOR UPDATE OF c`,
          [userId, [...new Set(cartIds)]],
        );
      if (rows.length !== new Set(cartIds).size) throw new AppError(ErrorCode.CART_ITEM_NOT_FOUND, 'cartItemNotFound');
      if (rows.some((r) => !r.onSale)) throw new AppError(ErrorCode.CART_MATERIAL_UNAVAILABLE, 'cartMaterialUnavailable');
      const orderId = randomUUID();
      const orderNo = newOrderNo(now);
      await manager.query(
        `INSERT INTO orders.orders ("id", "order_no", "user_id", "kind", "status", "licence", "created_at", "updated_at")
         VALUES ($1, $2, $3, 'material', 'submitted', $4, $5, $5)`,
        [orderId, orderNo, userId, JSON.stringify(licence), now],
      );
      for (const [sort, row] of rows.entries()) {
        await manager.query(
          `INSERT INTO orders.order_items ("order_id", "material_id", "kind", "code", "title_zh", "title_en", "thumbnail_key", "original_key", "sort")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [orderId, row.materialId, row.kind, row.code, row.titleZh, row.titleEn, row.thumbnailKey, row.originalKey, sort],
        );
      }
      await manager.query(`DELETE FROM orders.cart_items WHERE "user_id" = $1 AND "id" = ANY($2::int[])`, [userId, rows.map((r) => r.cartId)]);
      await this.outbox.add(manager, OrderSubmitted, orderId, { orderId, orderNo, userId, itemCount: rows.length, submittedAt: now.toISOString() });
      return { orderId, orderNo };
    });
  }

  async list(userId: string, pageNo: number, pageSize: number, language: Language): Promise<OrderListResponse> {
    const { rows, total } = await this.repository.userOrders(userId, (pageNo - 1) * pageSize, pageSize);
    return { infos: await this.views(rows, language), total };
  }

  /** One of the caller's orders; another user's order answers exactly like a missing one. */
  async detail(userId: string, id: string, language: Language): Promise<OrderView> {
    const order = await this.repository.order(id);
    if (!order || order.userId !== userId) throw notFound();
    const [view] = await this.views([order], language);
    return view!;
  }

  async views(rows: OrderRow[], language: Language): Promise<OrderView[]> {
    const ids = rows.map((r) => r.id);
    const [items, invoices, refunds] = await Promise.all([this.repository.items(ids), this.repository.invoiceStatuses(ids), this.repository.refundStatuses(ids)]);
    return rows.map((order) =>
      toOrderView(
        order,
        items.filter((i) => i.orderId === order.id),
        language,
        { invoiceStatus: invoices.get(order.id) ?? null, refundStatus: refunds.get(order.id) ?? null },
      ),
    );
  }

  /** Enterprise administrators (active enterprise customers with the administrator flag): every completed order of the company. */
  async companyOrders(userId: string, pageNo: number, pageSize: number, language: Language): Promise<OrderListResponse> {
    const customerId = await this.repository.enterpriseCompanyOf(userId);
    if (!customerId) throw AppError.forbidden();
    const { rows, total } = await this.repository.companyOrders(customerId, (pageNo - 1) * pageSize, pageSize);
    return { infos: await this.views(rows, language), total };
  }

  /** The owner hides one of their orders from the company's view, or shows it again. */
  async hideFromCompany(userId: string, id: string, hidden: boolean): Promise<{ id: string; hiddenFromCompany: boolean }> {
    const now = this.clock.now();
    const [, affected] = await this.repository.dataSource.query(
      `UPDATE orders.orders SET "hidden_from_company" = $3, "updated_at" = $4 WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId, hidden, now],
    );
    if (!affected) throw notFound();
    return { id, hiddenFromCompany: hidden };
  }

  /** The buyer's payment: the paying account's name and a voucher image (spec section 5 "Payment"). */
  async pay(userId: string, id: string, accountName: string, voucher: UploadedFile | undefined): Promise<{ id: string; status: string }> {
    if (!voucher || voucher.size === 0 || !accountName.trim()) throw new AppError(ErrorCode.VOUCHER_REQUIRED, 'voucherRequired');
    if (voucher.size > VOUCHER_MAX_BYTES) throw new AppError(ErrorCode.VOUCHER_TOO_LARGE, 'voucherTooLarge', { megabytes: VOUCHER_MAX_BYTES / 1024 / 1024 });
    const type = imageTypeOf(voucher.buffer);
    if (!type) throw new AppError(ErrorCode.VOUCHER_TYPE, 'voucherType');
    const key = `${id}/${randomUUID()}.${type}`;
    // Checked before the bytes are stored, then again under the row lock.
    const current = await this.repository.order(id);
    if (!current || current.userId !== userId) throw notFound();
    await this.storage.put(VOUCHER_BUCKET, key, voucher.buffer, { contentType: type === 'jpg' ? 'image/jpeg' : 'image/png' });
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockOwned(manager, id, userId);
      const result = this.move(order, 'pay');
      if (order.quoteValidUntil && new Date(order.quoteValidUntil) < now) throw new AppError(ErrorCode.QUOTE_EXPIRED, 'quoteExpired');
      await this.repository.setStatus(manager, id, result, { voucher_key: `${VOUCHER_BUCKET}/${key}`, voucher_account_name: accountName.trim(), voucher_rejected_reason: null, paid_at: now }, now);
      await this.outbox.add(manager, OrderPaid, id, { orderId: id, orderNo: order.orderNo, userId, totalFen: order.totalFen ?? 0, paidAt: now.toISOString() });
      return { id, status: result };
    });
  }

  async cancel(userId: string, id: string, reason: string): Promise<{ id: string; status: string }> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockOwned(manager, id, userId);
      const to = this.move(order, 'cancel');
      await this.repository.setStatus(manager, id, to, { closed_reason: reason }, now);
      await this.outbox.add(manager, OrderClosed, id, { orderId: id, orderNo: order.orderNo, userId, reason, closedAt: now.toISOString() });
      return { id, status: to };
    });
  }

  // Staff actions (console), each audited in its own transaction.

  async quote(staff: AuthenticatedStaff, id: string, quote: OrderQuote): Promise<OrderRow> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockExisting(manager, id);
      const to = this.move(order, 'quote');
      const items = await this.repository.items([id], manager);
      const priced = new Map(quote.items.map((i) => [i.itemId, i.priceFen]));
      if (priced.size !== items.length || items.some((i) => !priced.has(i.id))) throw new AppError(ErrorCode.QUOTE_ITEMS_MISMATCH, 'quoteItemsMismatch');
      // Members pay their share of every list price (rounded per item); the total is the sum of item prices.
      const vipUntil = await this.repository.vipValidUntil(order.userId, manager);
      const percent = vipUntil && new Date(vipUntil) > now ? VIP_PRICE_PERCENT : null;
      let total = 0;
      for (const item of items) {
        const list = priced.get(item.id)!;
        const price = percent ? vipPriceFen(list, percent) : list;
        total += price;
        await manager.query(`UPDATE orders.order_items SET "list_price_fen" = $2, "price_fen" = $3 WHERE "id" = $1`, [item.id, list, price]);
      }
      const validUntil = new Date(quote.validUntil);
      await this.repository.setStatus(manager, id, to, { total_fen: total, vip_price_percent: percent, quote_valid_until: validUntil }, now);
      await this.outbox.add(manager, OrderQuoted, id, { orderId: id, orderNo: order.orderNo, userId: order.userId, totalFen: total, validUntil: validUntil.toISOString() });
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'quote', resource: 'orders', resourceId: id, before: summary(order), after: { ...summary(after), items: quote.items } });
      return after;
    });
  }

  /** Confirms the voucher. Confirming a confirmed order changes nothing and publishes nothing. */
  async confirm(staff: AuthenticatedStaff, id: string): Promise<OrderRow> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockExisting(manager, id);
      const result = transition(order.status, 'confirm');
      if (result.kind === 'noop') return order;
      if (result.kind === 'refused') throw refused(order, 'confirm');
      await this.repository.setStatus(manager, id, result.to, { confirmed_at: now }, now);
      if (order.kind === 'vip') {
        // A year from today, or from the end of a membership that is still running.
        await manager.query(
          `INSERT INTO orders.vip_memberships ("user_id", "valid_until", "updated_at") VALUES ($1, $2::timestamptz + make_interval(days => $3), $2)
           ON CONFLICT ("user_id") DO UPDATE SET "valid_until" = GREATEST(orders.vip_memberships."valid_until", $2::timestamptz) + make_interval(days => $3), "updated_at" = $2`,
          [order.userId, now, VIP_DAYS],
        );
      }
      const items = await this.repository.items([id], manager);
      await this.outbox.add(manager, OrderConfirmed, id, confirmedPayload(order, items, now));
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'confirm', resource: 'orders', resourceId: id, before: summary(order), after: summary(after) });
      return after;
    });
  }

  /** Refuses the voucher: the order waits for payment again and the buyer sees the reason. */
  async reject(staff: AuthenticatedStaff, id: string, reason: string): Promise<OrderRow> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockExisting(manager, id);
      const to = this.move(order, 'reject');
      await this.repository.setStatus(manager, id, to, { voucher_rejected_reason: reason, paid_at: null }, now);
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'reject-voucher', resource: 'orders', resourceId: id, before: summary(order), after: { ...summary(after), reason } });
      return after;
    });
  }

  async close(staff: AuthenticatedStaff, id: string, reason: string): Promise<OrderRow> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockExisting(manager, id);
      const to = this.move(order, 'close');
      await this.repository.setStatus(manager, id, to, { closed_reason: reason }, now);
      await this.outbox.add(manager, OrderClosed, id, { orderId: id, orderNo: order.orderNo, userId: order.userId, reason, closedAt: now.toISOString() });
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'close', resource: 'orders', resourceId: id, before: summary(order), after: { ...summary(after), reason } });
      return after;
    });
  }

  /** The voucher image for staff: a short-lived signed link, never a public path. */
  async voucherUrl(order: OrderRow): Promise<string | null> {
    const voucher = parseObjectLocation(order.voucherKey);
    return voucher ? this.storage.signedGetUrl(voucher.bucket, voucher.key, 600) : null;
  }

  // Orders created from other services' events.

  /** music.order.placed: an order already quoted at list price, waiting for the buyer's voucher. Idempotent on the order id. */
  async createMusicOrder(manager: EntityManager, payload: PayloadOf<typeof MusicOrderPlaced>): Promise<void> {
    const placedAt = new Date(payload.placedAt);
    const [inserted] = await manager.query(
      `INSERT INTO orders.orders ("id", "order_no", "user_id", "kind", "status", "licence", "total_fen", "created_at", "updated_at")
       VALUES ($1, $2, $3, 'music', 'quoted', $4, $5, $6, $6) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
      [
        payload.orderId,
        newOrderNo(placedAt),
        payload.userId,
        JSON.stringify({
          licenceType: 'commercial',
          buyerCompany: payload.licensee.licensee,
          userCompany: payload.licensee.licensee,
          projectType: 'other',
          projectName: payload.licensee.projectName,
          brand: payload.licensee.brand,
          purpose: '',
          region: '',
          duration: '',
          contact: '',
          phone: '',
          specialRequest: '',
        }),
        payload.items.reduce((sum, i) => sum + i.priceFen, 0),
        placedAt,
      ],
    );
    if (!inserted) return;
    for (const [sort, item] of payload.items.entries()) {
      await manager.query(
        `INSERT INTO orders.order_items ("order_id", "material_id", "kind", "code", "title_zh", "title_en", "thumbnail_key", "original_key", "list_price_fen", "price_fen", "music_licence", "sort")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11)`,
        [payload.orderId, item.musicId, item.musicType === 1 ? 'music' : 'sfx', item.code, item.titleZh, item.titleEn, item.coverKey, item.originalKey, item.priceFen, JSON.stringify(item.licence), sort],
      );
    }
  }

  async vipInfo(userId: string): Promise<VipInfo> {
    const until = await this.repository.vipValidUntil(userId);
    const active = !!until && new Date(until) > this.clock.now();
    return { active, validUntil: until ? new Date(until).toISOString() : null, priceFen: VIP_PRICE_FEN, pricePercent: VIP_PRICE_PERCENT };
  }

  /** A VIP membership order: priced up front and paid through the same voucher flow. */
  async createVipOrder(userId: string): Promise<{ orderId: string; orderNo: string }> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const orderId = randomUUID();
      const orderNo = newOrderNo(now);
      await manager.query(
        `INSERT INTO orders.orders ("id", "order_no", "user_id", "kind", "status", "total_fen", "created_at", "updated_at") VALUES ($1, $2, $3, 'vip', 'quoted', $4, $5, $5)`,
        [orderId, orderNo, userId, VIP_PRICE_FEN, now],
      );
      await this.outbox.add(manager, OrderQuoted, orderId, { orderId, orderNo, userId, totalFen: VIP_PRICE_FEN, validUntil: null });
      return { orderId, orderNo };
    });
  }

  private async lockOwned(manager: EntityManager, id: string, userId: string): Promise<OrderRow> {
    const order = await this.repository.lockOrder(manager, id);
    if (!order || order.userId !== userId) throw notFound();
    return order;
  }

  private async lockExisting(manager: EntityManager, id: string): Promise<OrderRow> {
    const order = await this.repository.lockOrder(manager, id);
    if (!order) throw notFound();
    return order;
  }

  private move(order: OrderRow, action: OrderAction) {
    const result = transition(order.status, action);
    if (result.kind !== 'moved') throw refused(order, action);
    return result.to;
  }
}

export function confirmedPayload(order: OrderRow, items: OrderItemRow[], now: Date): PayloadOf<typeof OrderConfirmed> {
  const licence = order.licence;
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    userId: order.userId,
    kind: order.kind,
    projectId: order.projectId,
    confirmedAt: now.toISOString(),
    paidAt: order.paidAt ? new Date(order.paidAt).toISOString() : null,
    totalFen: order.totalFen ?? 0,
    terms: licence
      ? {
          licenceType: licence.licenceType,
          buyerCompany: licence.buyerCompany,
          userCompany: licence.userCompany,
          projectType: licence.projectType,
          projectName: licence.projectName,
          brand: licence.brand,
          purpose: licence.purpose,
          region: licence.region,
          duration: licence.duration,
          contact: licence.contact,
        }
      : null,
    items: items.map((i) => ({
      itemId: i.id,
      materialId: i.materialId,
      kind: i.kind,
      code: i.code,
      titleZh: i.titleZh,
      titleEn: i.titleEn,
      thumbnailKey: i.thumbnailKey,
      originalKey: i.originalKey,
      priceFen: i.priceFen ?? 0,
      musicLicence: i.musicLicence,
    })),
  };
}

const notFound = () => new AppError(ErrorCode.ORDER_NOT_FOUND, 'orderNotFound');
const refused = (order: OrderRow, action: OrderAction) => new AppError(ErrorCode.ORDER_TRANSITION_REFUSED, 'orderTransitionRefused', { status: order.status, action });
const summary = (order: OrderRow) => ({ status: order.status, totalFen: order.totalFen, quoteValidUntil: order.quoteValidUntil, closedReason: order.closedReason });
