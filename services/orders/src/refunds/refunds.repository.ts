import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { RefundAdminView } from '@mkt/contracts';

export type RefundStatus = RefundAdminView['status'];

/** A refund row: the console's view with its times as read. */
export interface RefundRecord extends Omit<RefundAdminView, 'createdAt' | 'handledAt'> {
  createdAt: Date;
  handledAt: Date | null;
}

const COLUMNS = `r."id", r."order_id" AS "orderId", o."order_no" AS "orderNo", r."user_id" AS "userId", r."status", r."reason", r."description",
  r."staff_note" AS "staffNote", r."created_at" AS "createdAt", r."handled_at" AS "handledAt"`;

/** SQL of `orders.refunds`; methods take the caller's transaction manager when they must run in it. */
@Injectable()
export class RefundsRepository {
  constructor(@InjectDataSource('orders') private readonly dataSource: DataSource) {}

  /** False when the order already has a refund request (one per order). */
  async insertRequest(request: { id: string; orderId: string; userId: string; description: string; createdAt: Date }): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO orders.refunds ("id", "order_id", "user_id", "status", "reason", "description", "created_at") VALUES ($1, $2, $3, 'requested', 'quality', $4, $5)
       ON CONFLICT ("order_id") DO NOTHING RETURNING "id"`,
      [request.id, request.orderId, request.userId, request.description, request.createdAt],
    );
    return rows.length > 0;
  }

  async list(status: string | undefined, skip: number, take: number): Promise<{ rows: RefundRecord[]; total: number }> {
    const where = status ? `WHERE r."status" = $1` : '';
    const params = status ? [status] : [];
    const rows: RefundRecord[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM orders.refunds r JOIN orders.orders o ON o."id" = r."order_id" ${where} ORDER BY r."created_at" DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM orders.refunds r ${where}`, params);
    return { rows, total };
  }

  async byId(id: string, manager?: EntityManager): Promise<RefundRecord | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM orders.refunds r JOIN orders.orders o ON o."id" = r."order_id" WHERE r."id" = $1`, [id]);
    return (row as RefundRecord | undefined) ?? null;
  }

  /** The request's state with its row locked until the transaction ends. */
  async lockState(manager: EntityManager, id: string): Promise<{ status: RefundStatus; orderId: string } | null> {
    const [row] = await manager.query(`SELECT "status", "order_id" AS "orderId" FROM orders.refunds WHERE "id" = $1 FOR UPDATE`, [id]);
    return (row as { status: RefundStatus; orderId: string } | undefined) ?? null;
  }

  async decide(manager: EntityManager, id: string, status: RefundStatus, note: string, handledAt: Date): Promise<void> {
    await manager.query(`UPDATE orders.refunds SET "status" = $2, "staff_note" = $3, "handled_at" = $4 WHERE "id" = $1`, [id, status, note, handledAt]);
  }
}
