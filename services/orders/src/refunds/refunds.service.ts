import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, OrderClosed, REFUND_WINDOW_DAYS } from '@mkt/contracts';
import { AppError, StaffAuditWriter, Clock, OutboxWriter, type AuthenticatedStaff } from '@mkt/platform';
import { transition } from '../orders/order-state-machine.js';
import { OrdersRepository } from '../orders/orders.repository.js';

export interface RefundRecord {
  id: string;
  orderId: string;
  orderNo: string;
  userId: string;
  status: 'requested' | 'approved' | 'rejected';
  reason: string;
  description: string;
  staffNote: string | null;
  createdAt: Date;
  handledAt: Date | null;
}
const COLUMNS = `r."id", r."order_id" AS "orderId", o."order_no" AS "orderNo", r."user_id" AS "userId", r."status", r."reason", r."description",
  r."staff_note" AS "staffNote", r."created_at" AS "createdAt", r."handled_at" AS "handledAt"`;

/** Refunds: requested within 7 days of payment, for quality issues only; staff approve (the order closes) or reject. */
@Injectable()
export class RefundsService {
  constructor(
    private readonly repository: OrdersRepository,
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
    if (order.status !== 'confirmed' || now.getTime() > deadline) throw new AppError(ErrorCode.REFUND_WINDOW_PASSED, 'refundWindowPassed');
    const id = randomUUID();
    const rows = await this.repository.dataSource.query(
      `INSERT INTO orders.refunds ("id", "order_id", "user_id", "status", "reason", "description", "created_at") VALUES ($1, $2, $3, 'requested', 'quality', $4, $5)
       ON CONFLICT ("order_id") DO NOTHING RETURNING "id"`,
      [id, orderId, userId, description, now],
    );
    if (rows.length === 0) throw new AppError(ErrorCode.REFUND_EXISTS, 'refundExists');
    return { refundId: id };
  }

  async list(status: string | undefined, skip: number, take: number): Promise<{ rows: RefundRecord[]; total: number }> {
    const where = status ? `WHERE r."status" = $1` : '';
    const params = status ? [status] : [];
    const rows: RefundRecord[] = await this.repository.dataSource.query(
      `SELECT ${COLUMNS} FROM orders.refunds r JOIN orders.orders o ON o."id" = r."order_id" ${where} ORDER BY r."created_at" DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const [{ total }] = await this.repository.dataSource.query(`SELECT count(*)::int AS total FROM orders.refunds r ${where}`, params);
    return { rows, total };
  }

  async get(id: string): Promise<RefundRecord> {
    const [row] = await this.repository.dataSource.query(`SELECT ${COLUMNS} FROM orders.refunds r JOIN orders.orders o ON o."id" = r."order_id" WHERE r."id" = $1`, [id]);
    if (!row) throw new AppError(ErrorCode.REFUND_NOT_FOUND, 'refundNotFound');
    return row as RefundRecord;
  }

  async decide(staff: AuthenticatedStaff, id: string, approve: boolean, note: string): Promise<RefundRecord> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const [refund] = await manager.query(`SELECT "status", "order_id" AS "orderId" FROM orders.refunds WHERE "id" = $1 FOR UPDATE`, [id]);
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
      await manager.query(`UPDATE orders.refunds SET "status" = $2, "staff_note" = $3, "handled_at" = $4 WHERE "id" = $1`, [id, status, note, now]);
      await this.audit.record(manager, staff, { action: approve ? 'approve' : 'reject', resource: 'refunds', resourceId: id, before: { status: refund.status }, after: { status, note } });
      return this.getIn(manager, id);
    });
  }

  private async getIn(manager: import('typeorm').EntityManager, id: string): Promise<RefundRecord> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM orders.refunds r JOIN orders.orders o ON o."id" = r."order_id" WHERE r."id" = $1`, [id]);
    return row as RefundRecord;
  }
}
