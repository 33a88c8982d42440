import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCode, InvoiceIssued, vatIncludedFen, type InvoiceApplication, type InvoiceStatus } from '@mkt/contracts';
import { AppError, StaffAuditWriter, Clock, OBJECT_STORAGE, OutboxWriter, type AuthenticatedStaff, type ObjectStorage } from '@mkt/platform';
import { OrdersRepository } from '../orders/orders.repository.js';
import type { UploadedFile } from '../orders/orders.service.js';

export const INVOICE_BUCKET = 'invoices';

export interface InvoiceRecord {
  id: string;
  orderId: string;
  orderNo: string;
  userId: string;
  status: InvoiceStatus;
  form: Omit<InvoiceApplication, 'orderId'>;
  amountFen: number;
  taxFen: number;
  fileKey: string | null;
  createdAt: Date;
  issuedAt: Date | null;
}

const INVOICE_COLUMNS = `i."id", i."order_id" AS "orderId", o."order_no" AS "orderNo", i."user_id" AS "userId", i."status", i."form",
  i."amount_fen"::float8 AS "amountFen", i."tax_fen"::float8 AS "taxFen", i."file_key" AS "fileKey", i."created_at" AS "createdAt", i."issued_at" AS "issuedAt"`;

/**
 * Invoices (spec sections 3, 4, 5, 9): one per confirmed order, for the order's total with 6% VAT
 * included, refused for Hong Kong, Macao, Taiwan and overseas, never changed once submitted;
 * applied → processing → downloadable as staff work on it.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async apply(userId: string, application: InvoiceApplication): Promise<{ invoiceId: string; amountFen: number; taxFen: number; status: InvoiceStatus }> {
    if (application.region !== 'mainland') throw new AppError(ErrorCode.INVOICE_REGION_REFUSED, 'invoiceRegionRefused');
    const order = await this.repository.order(application.orderId);
    if (!order || order.userId !== userId) throw new AppError(ErrorCode.ORDER_NOT_FOUND, 'orderNotFound');
    if (order.kind === 'project') throw new AppError(ErrorCode.INVOICE_NOT_AVAILABLE, 'invoiceProjectOrder');
    if (order.status !== 'confirmed' || order.totalFen === null) throw new AppError(ErrorCode.INVOICE_NOT_AVAILABLE, 'invoiceNotAvailable');
    const { orderId, ...form } = application;
    const { taxFen } = vatIncludedFen(order.totalFen);
    const id = randomUUID();
    const rows = await this.repository.dataSource.query(
      `INSERT INTO orders.invoices ("id", "order_id", "user_id", "status", "form", "amount_fen", "tax_fen", "created_at")
       VALUES ($1, $2, $3, 'applied', $4, $5, $6, $7) ON CONFLICT ("order_id") DO NOTHING RETURNING "id"`,
      [id, orderId, userId, JSON.stringify(form), order.totalFen, taxFen, this.clock.now()],
    );
    if (rows.length === 0) throw new AppError(ErrorCode.INVOICE_EXISTS, 'invoiceExists');
    return { invoiceId: id, amountFen: order.totalFen, taxFen, status: 'applied' };
  }

  async forBuyer(userId: string, orderId: string): Promise<Omit<InvoiceRecord, 'fileKey' | 'userId'> | null> {
    const invoice = await this.byOrder(orderId);
    if (!invoice || invoice.userId !== userId) {
      const order = await this.repository.order(orderId);
      if (!order || order.userId !== userId) throw new AppError(ErrorCode.ORDER_NOT_FOUND, 'orderNotFound');
      return null;
    }
    const { fileKey: _fileKey, userId: _userId, ...view } = invoice;
    return view;
  }

  async downloadUrl(userId: string, orderId: string): Promise<{ url: string }> {
    const invoice = await this.byOrder(orderId);
    if (!invoice || invoice.userId !== userId) throw new AppError(ErrorCode.ORDER_NOT_FOUND, 'orderNotFound');
    if (invoice.status !== 'downloadable' || !invoice.fileKey) throw new AppError(ErrorCode.INVOICE_NOT_FOUND, 'invoiceNotFound');
    return { url: await this.storage.signedGetUrl(INVOICE_BUCKET, invoice.fileKey, 300, { downloadName: `invoice-${invoice.orderNo}.pdf` }) };
  }

  byOrder(orderId: string): Promise<InvoiceRecord | null> {
    return this.one(`i."order_id" = $1`, orderId);
  }

  byId(id: string, manager?: EntityManager): Promise<InvoiceRecord | null> {
    return this.one(`i."id" = $1`, id, manager);
  }

  async list(status: string | undefined, skip: number, take: number, order: 'ASC' | 'DESC'): Promise<{ rows: InvoiceRecord[]; total: number }> {
    const where = status ? `WHERE i."status" = $1` : '';
    const params = status ? [status] : [];
    const rows: InvoiceRecord[] = await this.repository.dataSource.query(
      `SELECT ${INVOICE_COLUMNS} FROM orders.invoices i JOIN orders.orders o ON o."id" = i."order_id" ${where} ORDER BY i."created_at" ${order}, i."id" LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const [{ total }] = await this.repository.dataSource.query(`SELECT count(*)::int AS total FROM orders.invoices i ${where}`, params);
    return { rows, total };
  }

  async process(staff: AuthenticatedStaff, id: string): Promise<InvoiceRecord> {
    return this.repository.transaction(async (manager) => {
      const [before] = await manager.query(`SELECT "status" FROM orders.invoices WHERE "id" = $1 FOR UPDATE`, [id]);
      if (!before) throw new AppError(ErrorCode.INVOICE_NOT_FOUND, 'invoiceNotFound');
      if (before.status === 'applied') await manager.query(`UPDATE orders.invoices SET "status" = 'processing' WHERE "id" = $1`, [id]);
      await this.audit.record(manager, staff, { action: 'process', resource: 'invoices', resourceId: id, before, after: { status: before.status === 'applied' ? 'processing' : before.status } });
      return (await this.byId(id, manager))!;
    });
  }

  /** Staff upload the issued invoice (PDF): it becomes downloadable and invoice.issued is published. */
  async upload(staff: AuthenticatedStaff, id: string, file: UploadedFile | undefined): Promise<InvoiceRecord> {
    if (!file || !file.buffer.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new AppError(ErrorCode.INVOICE_FILE_TYPE, 'invoiceFileType');
    const invoice = await this.byId(id);
    if (!invoice) throw new AppError(ErrorCode.INVOICE_NOT_FOUND, 'invoiceNotFound');
    const key = `${invoice.orderId}/${randomUUID()}.pdf`;
    await this.storage.put(INVOICE_BUCKET, key, file.buffer, { contentType: 'application/pdf' });
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const [before] = await manager.query(`SELECT "status", "file_key" AS "fileKey" FROM orders.invoices WHERE "id" = $1 FOR UPDATE`, [id]);
      await manager.query(`UPDATE orders.invoices SET "status" = 'downloadable', "file_key" = $2, "issued_at" = $3 WHERE "id" = $1`, [id, key, now]);
      await this.outbox.add(manager, InvoiceIssued, id, { invoiceId: id, orderId: invoice.orderId, userId: invoice.userId, amountFen: invoice.amountFen, taxFen: invoice.taxFen, issuedAt: now.toISOString() });
      await this.audit.record(manager, staff, { action: 'issue', resource: 'invoices', resourceId: id, before, after: { status: 'downloadable', fileKey: key } });
      return (await this.byId(id, manager))!;
    });
  }

  fileUrl(invoice: InvoiceRecord): Promise<string | null> {
    return invoice.fileKey ? this.storage.signedGetUrl(INVOICE_BUCKET, invoice.fileKey, 600) : Promise.resolve(null);
  }

  private async one(condition: string, value: string, manager?: EntityManager): Promise<InvoiceRecord | null> {
    const [row] = await (manager ?? this.repository.dataSource.manager).query(`SELECT ${INVOICE_COLUMNS} FROM orders.invoices i JOIN orders.orders o ON o."id" = i."order_id" WHERE ${condition}`, [value]);
    return (row as InvoiceRecord | undefined) ?? null;
  }
}

