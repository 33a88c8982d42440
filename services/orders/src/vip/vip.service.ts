import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { OrderQuoted, VIP_PRICE_FEN, VIP_PRICE_PERCENT, type VipInfo } from '@mkt/contracts';
import { Clock, OutboxWriter, newOrderNo } from '@mkt/platform';
import { OrdersRepository } from '../orders/orders.repository.js';

/** VIP membership: its state for the buyer, and its order, priced up front and paid through the same voucher flow. */
@Injectable()
export class VipService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
  ) {}

  async vipInfo(userId: string): Promise<VipInfo> {
    const until = await this.repository.vipValidUntil(userId);
    const active = !!until && new Date(until) > this.clock.now();
    return { active, validUntil: until ? new Date(until).toISOString() : null, priceFen: VIP_PRICE_FEN, pricePercent: VIP_PRICE_PERCENT };
  }

  /** One open VIP order at a time: asking again (a second click, a reload) returns the same one. */
  async createVipOrder(userId: string): Promise<{ orderId: string; orderNo: string }> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      await this.repository.lockVipOrdersOf(manager, userId);
      const open = await this.repository.openVipOrder(manager, userId);
      if (open) return open;
      const orderId = randomUUID();
      // A fresh id is never there already, so a number always comes back.
      const orderNo = (await this.repository.insertOrder(manager, { id: orderId, orderNo: newOrderNo(now), userId, kind: 'vip', status: 'quoted', licence: null, totalFen: VIP_PRICE_FEN, createdAt: now }))!;
      await this.outbox.add(manager, OrderQuoted, orderId, { orderId, orderNo, userId, totalFen: VIP_PRICE_FEN, validUntil: null });
      return { orderId, orderNo };
    });
  }
}
