import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { InvoiceAdminView, InvoiceStatus } from '@mkt/contracts';

/** An invoice row: the console's view with its times as read and the stored file's location. */
export interface InvoiceRecord extends Omit<InvoiceAdminView, 'createdAt' | 'issuedAt' | 'fileUrl'> {
  fileKey: string | null;
  createdAt: Date;
  issuedAt: Date | null;
}

const INVOICE_COLUMNS = `i."id", i."order_id" AS "orderId", o."order_no" AS "orderNo", i."user_id" AS "userId", i."status", i."form",
  i."amount_fen"::float8 AS "amountFen", i."tax_fen"::float8 AS "taxFen", i."file_key" AS "fileKey", i."created_at" AS "createdAt", i."issued_at" AS "issuedAt"`;

/** SQL of `orders.invoices`; methods take the caller's transaction manager when they must run in it. */
@Injectable()
export class InvoicesRepository {
  constructor(@InjectDataSource('orders') private readonly dataSource: DataSource) {}

  /** False when the order already has an invoice (one per order). */
  async insert(invoice: { id: string; orderId: string; userId: string; form: object; amountFen: number; taxFen: number; createdAt: Date }): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO orders.invoices ("id", "order_id", "user_id", "status", "form", "amount_fen", "tax_fen", "created_at")
       VALUES ($1, $2, $3, 'applied', $4, $5, $6, $7) ON CONFLICT ("order_id") DO NOTHING RETURNING "id"`,
      [invoice.id, invoice.orderId, invoice.userId, JSON.stringify(invoice.form), invoice.amountFen, invoice.taxFen, invoice.createdAt],
    );
    return rows.length > 0;
  }

  async list(status: string | undefined, skip: number, take: number, order: 'ASC' | 'DESC'): Promise<{ rows: InvoiceRecord[]; total: number }> {
    const where = status ? `WHERE i."status" = $1` : '';
    const params = status ? [status] : [];
    const rows: InvoiceRecord[] = await this.dataSource.query(
      `SELECT ${INVOICE_COLUMNS} FROM orders.invoices i JOIN orders.orders o ON o."id" = i."order_id" ${where} ORDER BY i."created_at" ${order}, i."id" LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM orders.invoices i ${where}`, params);
    return { rows, total };
  }

  /** The invoice's state with its row locked until the transaction ends. */
  async lockState(manager: EntityManager, id: string): Promise<{ status: InvoiceStatus; fileKey: string | null } | null> {
    const [row] = await manager.query(`SELECT "status", "file_key" AS "fileKey" FROM orders.invoices WHERE "id" = $1 FOR UPDATE`, [id]);
    return (row as { status: InvoiceStatus; fileKey: string | null } | undefined) ?? null;
  }

  async markProcessing(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE orders.invoices SET "status" = 'processing' WHERE "id" = $1`, [id]);
  }

  async markIssued(manager: EntityManager, id: string, fileKey: string, issuedAt: Date): Promise<void> {
    await manager.query(`UPDATE orders.invoices SET "status" = 'downloadable', "file_key" = $2, "issued_at" = $3 WHERE "id" = $1`, [id, fileKey, issuedAt]);
  }

  byOrder(orderId: string): Promise<InvoiceRecord | null> {
    return this.one(`i."order_id" = $1`, orderId);
  }

  byId(id: string, manager?: EntityManager): Promise<InvoiceRecord | null> {
    return this.one(`i."id" = $1`, id, manager);
  }

  private async one(condition: string, value: string, manager?: EntityManager): Promise<InvoiceRecord | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(`SELECT ${INVOICE_COLUMNS} FROM orders.invoices i JOIN orders.orders o ON o."id" = i."order_id" WHERE ${condition}`, [value]);
    return (row as InvoiceRecord | undefined) ?? null;
  }
}
