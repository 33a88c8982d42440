import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, OrderClosed, REFUND_WINDOW_DAYS } from '@mkt/contracts';
import { AppError, StaffAuditWriter, Clock, OutboxWriter, type AuthenticatedStaff } from '@mkt/platform';
import { transition } from '../orders/order-state-machine.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { RefundsRepository, type RefundRecord } from './refunds.repository.js';

export type { RefundRecord } from './refunds.repository.js';

/** Refunds: requested within 7 days of payment, for quality issues only; staff approve (the order closes) or reject. */
@Injectable()
export class RefundsService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly refunds: RefundsRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
  ) {}

  async apply(userId: string, orderId: string, description: string): Promise<{ refundId: string }> {
    const order = await this.repository.order(orderId);
    if (!order || order.userId !== userId) throw new AppError(ErrorCode.ORDER_NOT_FOUND, 'orderNotFound');
    const now = this.clock.now();
    const deadline = order.paidAt ? new Date(order.paidAt).getTime() + REFUND_WINDOW_DAYS * 86_400_000 : 0;
    if (order.kind === 'project') throw new AppError(ErrorCode.REFUND_WINDOW_PASSED, 'refundProjectOrder');
    if (order.kind === 'pack') throw new AppError(ErrorCode.REFUND_WINDOW_PASSED, 'shopRefundPack');
    if (order.status !== 'confirmed' || now.getTime() > deadline) throw new AppError(ErrorCode.REFUND_WINDOW_PASSED, 'refundWindowPassed');
    const id = randomUUID();
    if (!(await this.refunds.insertRequest({ id, orderId, userId, description, createdAt: now }))) throw new AppError(ErrorCode.REFUND_EXISTS, 'refundExists');
    return { refundId: id };
  }

  list(status: string | undefined, skip: number, take: number): Promise<{ rows: RefundRecord[]; total: number }> {
    return this.refunds.list(status, skip, take);
  }

  async get(id: string): Promise<RefundRecord> {
    const row = await this.refunds.byId(id);
    if (!row) throw new AppError(ErrorCode.REFUND_NOT_FOUND, 'refundNotFound');
    return row;
  }

  async decide(staff: AuthenticatedStaff, id: string, approve: boolean, note: string): Promise<RefundRecord> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const refund = await this.refunds.lockState(manager, id);
      if (!refund) throw new AppError(ErrorCode.REFUND_NOT_FOUND, 'refundNotFound');
      if (refund.status !== 'requested') throw new AppError(ErrorCode.REFUND_EXISTS, 'refundExists');
      if (approve) {
        const order = (await this.repository.lockOrder(manager, refund.orderId))!;
        const result = transition(order.status, 'refund');
        if (result.kind !== 'moved') throw new AppError(ErrorCode.ORDER_TRANSITION_REFUSED, 'orderTransitionRefused', { status: order.status, action: 'refund' });
        await this.repository.setStatus(manager, order.id, result.to, { closed_reason: `refund: ${note}`.slice(0, 200) }, now);
        await this.outbox.add(manager, OrderClosed, order.id, { orderId: order.id, orderNo: order.orderNo, userId: order.userId, reason: 'refunded', closedAt: now.toISOString() });
      }
      const status = approve ? 'approved' : 'rejected';
      await this.refunds.decide(manager, id, status, note, now);
      await this.audit.record(manager, staff, { action: approve ? 'approve' : 'reject', resource: 'refunds', resourceId: id, before: { status: refund.status }, after: { status, note } });
      return (await this.refunds.byId(id, manager))!;
    });
  }

}
