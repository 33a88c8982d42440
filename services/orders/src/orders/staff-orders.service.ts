import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCode, OrderClosed, OrderConfirmed, OrderQuoted, VIP_DAYS, VIP_PRICE_PERCENT, vipPriceFen, type OrderQuote } from '@mkt/contracts';
import { AppError, Clock, OBJECT_STORAGE, OutboxWriter, StaffAuditWriter, parseObjectLocation, type AuthenticatedStaff, type ObjectStorage } from '@mkt/platform';
import { transition } from './order-state-machine.js';
import { confirmedPayload, moveOrder, orderAuditSummary, orderNotFound, transitionRefused } from './order-rules.js';
import { OrdersRepository, type OrderRow } from './orders.repository.js';
import { ShopService } from '../shop/shop.service.js';

/** Staff actions on orders in the console (quote, confirm, refuse the voucher, close), each audited in its own transaction. */
@Injectable()
export class StaffOrdersService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly shop: ShopService,
  ) {}

  list(...query: Parameters<OrdersRepository['listOrders']>) {
    return this.repository.listOrders(...query);
  }

  async get(id: string): Promise<OrderRow> {
    const order = await this.repository.order(id);
    if (!order) throw orderNotFound();
    return order;
  }

  async quote(staff: AuthenticatedStaff, id: string, quote: OrderQuote): Promise<OrderRow> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockExisting(manager, id);
      // A shop product has its price: a quote would re-price it with no items to price.
      if (order.kind === 'product') throw transitionRefused(order, 'quote');
      const to = moveOrder(order, 'quote');
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
        await this.repository.setItemPrice(manager, item.id, list, price);
      }
      const validUntil = new Date(quote.validUntil);
      await this.repository.setStatus(manager, id, to, { total_fen: total, vip_price_percent: percent, quote_valid_until: validUntil }, now);
      await this.outbox.add(manager, OrderQuoted, id, { orderId: id, orderNo: order.orderNo, userId: order.userId, totalFen: total, validUntil: validUntil.toISOString() });
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'quote', resource: 'orders', resourceId: id, before: orderAuditSummary(order), after: { ...orderAuditSummary(after), items: quote.items } });
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
      if (result.kind === 'refused') throw transitionRefused(order, 'confirm');
      await this.repository.setStatus(manager, id, result.to, { confirmed_at: now }, now);
      if (order.kind === 'vip') await this.repository.extendVipMembership(manager, order.userId, now, VIP_DAYS);
      if (order.kind === 'product') await this.shop.grantPack(manager, order, now);
      const items = await this.repository.items([id], manager);
      await this.outbox.add(manager, OrderConfirmed, id, confirmedPayload(order, items, now));
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'confirm', resource: 'orders', resourceId: id, before: orderAuditSummary(order), after: orderAuditSummary(after) });
      return after;
    });
  }

  /** Refuses the voucher: the order waits for payment again and the buyer sees the reason. */
  async reject(staff: AuthenticatedStaff, id: string, reason: string): Promise<OrderRow> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockExisting(manager, id);
      const to = moveOrder(order, 'reject');
      await this.repository.setStatus(manager, id, to, { voucher_rejected_reason: reason, paid_at: null }, now);
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'reject-voucher', resource: 'orders', resourceId: id, before: orderAuditSummary(order), after: { ...orderAuditSummary(after), reason } });
      return after;
    });
  }

  async close(staff: AuthenticatedStaff, id: string, reason: string): Promise<OrderRow> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockExisting(manager, id);
      const to = moveOrder(order, 'close');
      await this.repository.setStatus(manager, id, to, { closed_reason: reason }, now);
      await this.outbox.add(manager, OrderClosed, id, { orderId: id, orderNo: order.orderNo, userId: order.userId, reason, closedAt: now.toISOString() });
      const after = (await this.repository.order(id, manager))!;
      await this.audit.record(manager, staff, { action: 'close', resource: 'orders', resourceId: id, before: orderAuditSummary(order), after: { ...orderAuditSummary(after), reason } });
      return after;
    });
  }

  /** The voucher image for staff: a short-lived signed link, never a public path. */
  async voucherUrl(order: OrderRow): Promise<string | null> {
    const voucher = parseObjectLocation(order.voucherKey);
    return voucher ? this.storage.signedGetUrl(voucher.bucket, voucher.key, 600) : null;
  }

  private async lockExisting(manager: EntityManager, id: string): Promise<OrderRow> {
    const order = await this.repository.lockOrder(manager, id);
    if (!order) throw orderNotFound();
    return order;
  }
}
