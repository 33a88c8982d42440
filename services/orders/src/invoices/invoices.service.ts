import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, InvoiceIssued, vatIncludedFen, type InvoiceApplication, type InvoiceStatus } from '@mkt/contracts';
import { AppError, StaffAuditWriter, Clock, OBJECT_STORAGE, OutboxWriter, type AuthenticatedStaff, type ObjectStorage } from '@mkt/platform';
import { OrdersRepository } from '../orders/orders.repository.js';
import { InvoicesRepository, type InvoiceRecord } from './invoices.repository.js';

export type { InvoiceRecord } from './invoices.repository.js';
import type { UploadedFile } from '../orders/voucher.js';
import type { BucketName } from '@mkt/platform';

export const INVOICE_BUCKET = 'invoices' satisfies BucketName;

/**
 * Invoices (spec sections 3, 4, 5, 9): one per confirmed order, for the order's total with 6% VAT
 * included, refused for Hong Kong, Macao, Taiwan and overseas, never changed once submitted;
 * applied → processing → downloadable as staff work on it.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly invoices: InvoicesRepository,
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
    if (order.kind === 'pack') throw new AppError(ErrorCode.INVOICE_NOT_AVAILABLE, 'shopInvoiceProduct');
    if (order.status !== 'confirmed' || order.totalFen === null) throw new AppError(ErrorCode.INVOICE_NOT_AVAILABLE, 'invoiceNotAvailable');
    const { orderId, ...form } = application;
    const { taxFen } = vatIncludedFen(order.totalFen);
    const id = randomUUID();
    const created = await this.invoices.insert({ id, orderId, userId, form, amountFen: order.totalFen, taxFen, createdAt: this.clock.now() });
    if (!created) throw new AppError(ErrorCode.INVOICE_EXISTS, 'invoiceExists');
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

  list(status: string | undefined, skip: number, take: number, order: 'ASC' | 'DESC'): Promise<{ rows: InvoiceRecord[]; total: number }> {
    return this.invoices.list(status, skip, take, order);
  }

  byOrder(orderId: string): Promise<InvoiceRecord | null> {
    return this.invoices.byOrder(orderId);
  }

  byId(id: string): Promise<InvoiceRecord | null> {
    return this.invoices.byId(id);
  }

  async process(staff: AuthenticatedStaff, id: string): Promise<InvoiceRecord> {
    return this.repository.transaction(async (manager) => {
      const state = await this.invoices.lockState(manager, id);
      if (!state) throw new AppError(ErrorCode.INVOICE_NOT_FOUND, 'invoiceNotFound');
      const before = { status: state.status };
      if (before.status === 'applied') await this.invoices.markProcessing(manager, id);
      await this.audit.record(manager, staff, { action: 'process', resource: 'invoices', resourceId: id, before, after: { status: before.status === 'applied' ? 'processing' : before.status } });
      return (await this.invoices.byId(id, manager))!;
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
      const before = await this.invoices.lockState(manager, id);
      await this.invoices.markIssued(manager, id, key, now);
      await this.outbox.add(manager, InvoiceIssued, id, { invoiceId: id, orderId: invoice.orderId, userId: invoice.userId, amountFen: invoice.amountFen, taxFen: invoice.taxFen, issuedAt: now.toISOString() });
      await this.audit.record(manager, staff, { action: 'issue', resource: 'invoices', resourceId: id, before, after: { status: 'downloadable', fileKey: key } });
      return (await this.invoices.byId(id, manager))!;
    });
  }

  fileUrl(invoice: InvoiceRecord): Promise<string | null> {
    return invoice.fileKey ? this.storage.signedGetUrl(INVOICE_BUCKET, invoice.fileKey, 600) : Promise.resolve(null);
  }

}

