/**
 * Console REST API of the orders service (react-admin "simple REST", below /admin-api; Bearer staff token).
 * Lists: GET /admin-api/<resource>?sort=["field","ASC|DESC"]&range=[first,last]&filter={...} → array + Content-Range.
 * Every action is written to orders.audit_log and announced as staff.action.audited.
 *
 * orders — read: admin, sales, finance. record: { id, orderNo, userId, kind: material|music|vip|project, status, licence, projectId,
 *   items: [{ itemId, materialId, kind, code, title, thumbnail, listPriceFen, priceFen, licence }], totalFen,
 *   vipPricePercent, quoteValidUntil, voucherAccountName, voucherRejectedReason, voucherUrl (GET one only, signed,
 *   10 minutes), paidAt, confirmedAt, closedReason, createdAt, allowedActions }
 *   filter: { q (order number or buyer company), status, kind, id[] }; sort: createdAt, updatedAt, status, orderNo, totalFen.
 *   POST /orders/:id/quote { items: [{ itemId, priceFen }], validUntil } — admin, sales (member prices applied by the server)
 *   POST /orders/:id/confirm — admin, finance (repeating it changes nothing)
 *   POST /orders/:id/reject { reason } — admin, finance (voucher refused; the order waits for payment again)
 *   POST /orders/:id/close { reason } — admin, sales
 * invoices — read and act: admin, finance. record: { id, orderId, orderNo, status, form, amountFen, taxFen, createdAt, issuedAt, fileUrl }
 *   filter: { status }; POST /invoices/:id/process; POST /invoices/:id/file (multipart "file", PDF) → downloadable.
 * refunds — read and act: admin, finance. record: { id, orderId, orderNo, status, reason, description, staffNote, createdAt, handledAt }
 *   filter: { status }; POST /refunds/:id/approve { reason } (the order closes), POST /refunds/:id/reject { reason }.
 */
import { Body, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res, UploadedFile as UploadedFileParam, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-fastify';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorCode, INVOICE_STATUSES, ORDER_KINDS, ORDER_STATUSES, REFUND_STATUSES, orderQuoteSchema, staffReasonSchema, type OrderQuote } from '@mkt/contracts';
import { AdminController, ApiZodBody, AppError, CurrentStaff, Roles, StaffAuthGuard, ZodValidationPipe, parseListQuery, setContentRange, type AuthenticatedStaff } from '@mkt/platform';
import { InvoicesService, type InvoiceRecord } from '../invoices/invoices.service.js';
import { allowedActions } from '../orders/order-state-machine.js';
import { OrderViewsService } from '../orders/order-views.service.js';
import type { OrderRow } from '../orders/orders.repository.js';
import { StaffOrdersService } from '../orders/staff-orders.service.js';
import type { UploadedFile } from '../orders/voucher.js';
import { RefundsService } from '../refunds/refunds.service.js';

type Query = Record<string, unknown>;
const uuid = new ParseUUIDPipe({ exceptionFactory: () => new AppError(ErrorCode.NOT_FOUND, 'notFound') });

const orderFilter = z.object({ q: z.string().max(100).optional(), status: z.enum(ORDER_STATUSES).optional(), kind: z.enum(ORDER_KINDS).optional(), id: z.array(z.uuid()).max(200).optional() });

@ApiTags('admin: orders')
@AdminController('orders')
@UseGuards(StaffAuthGuard)
@Roles('admin', 'sales', 'finance')
export class AdminOrdersController {
  constructor(
    private readonly orders: StaffOrdersService,
    private readonly views: OrderViewsService,
  ) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: FastifyReply) {
    const parsed = parseListQuery(query, { sortable: ['createdAt', 'updatedAt', 'status', 'orderNo', 'totalFen'], defaultSort: ['createdAt', 'DESC'], filter: orderFilter });
    const { rows, total } = await this.orders.list(
      { status: parsed.filter.status, kind: parsed.filter.kind, q: parsed.filter.q, ids: parsed.filter.id },
      { field: parsed.sortField, order: parsed.sortOrder },
      parsed.skip,
      parsed.take,
    );
    setContentRange(response, 'orders', parsed, rows.length, total);
    return this.records(rows);
  }

  @Get(':id')
  async get(@Param('id', uuid) id: string) {
    const order = await this.orders.get(id);
    const [record] = await this.records([order]);
    return { ...record, voucherUrl: await this.orders.voucherUrl(order) };
  }

  @Post(':id/quote')
  @HttpCode(200)
  @Roles('admin', 'sales')
  @ApiZodBody(orderQuoteSchema)
  async quote(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string, @Body(new ZodValidationPipe(orderQuoteSchema)) body: OrderQuote) {
    return (await this.records([await this.orders.quote(staff, id, body)]))[0];
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @Roles('admin', 'finance')
  async confirm(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string) {
    return (await this.records([await this.orders.confirm(staff, id)]))[0];
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Roles('admin', 'finance')
  @ApiZodBody(staffReasonSchema)
  async reject(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string, @Body(new ZodValidationPipe(staffReasonSchema)) body: { reason: string }) {
    return (await this.records([await this.orders.reject(staff, id, body.reason)]))[0];
  }

  @Post(':id/close')
  @HttpCode(200)
  @Roles('admin', 'sales')
  @ApiZodBody(staffReasonSchema)
  async close(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string, @Body(new ZodValidationPipe(staffReasonSchema)) body: { reason: string }) {
    return (await this.records([await this.orders.close(staff, id, body.reason)]))[0];
  }

  private async records(rows: OrderRow[]) {
    const views = await this.views.views(rows, 'zh-CN');
    return rows.map((row, i) => {
      const { voucherSubmitted: _v, ...view } = views[i]!;
      return { ...view, userId: row.userId, voucherAccountName: row.voucherAccountName, allowedActions: allowedActions(row.status) };
    });
  }
}

@ApiTags('admin: invoices')
@AdminController('invoices')
@UseGuards(StaffAuthGuard)
@Roles('admin', 'finance')
export class AdminInvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: FastifyReply) {
    const parsed = parseListQuery(query, { sortable: ['createdAt'], defaultSort: ['createdAt', 'DESC'], filter: z.object({ status: z.enum(INVOICE_STATUSES).optional() }) });
    const { rows, total } = await this.invoices.list(parsed.filter.status, parsed.skip, parsed.take, parsed.sortOrder);
    setContentRange(response, 'invoices', parsed, rows.length, total);
    return rows.map(strip);
  }

  @Get(':id')
  async get(@Param('id', uuid) id: string) {
    const invoice = await this.invoices.byId(id);
    if (!invoice) throw new AppError(ErrorCode.INVOICE_NOT_FOUND, 'invoiceNotFound');
    return { ...strip(invoice), fileUrl: await this.invoices.fileUrl(invoice) };
  }

  @Post(':id/process')
  @HttpCode(200)
  async process(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string) {
    return strip(await this.invoices.process(staff, id));
  }

  /** multipart/form-data with the issued invoice as "file" (PDF). */
  @Post(':id/file')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 20 * 1024 * 1024, files: 1 } }))
  async upload(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string, @UploadedFileParam() file?: UploadedFile) {
    return strip(await this.invoices.upload(staff, id, file));
  }
}

@ApiTags('admin: refunds')
@AdminController('refunds')
@UseGuards(StaffAuthGuard)
@Roles('admin', 'finance')
export class AdminRefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: FastifyReply) {
    const parsed = parseListQuery(query, { sortable: ['createdAt'], defaultSort: ['createdAt', 'DESC'], filter: z.object({ status: z.enum(REFUND_STATUSES).optional() }) });
    const { rows, total } = await this.refunds.list(parsed.filter.status, parsed.skip, parsed.take);
    setContentRange(response, 'refunds', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id', uuid) id: string) {
    return this.refunds.get(id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiZodBody(staffReasonSchema)
  approve(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string, @Body(new ZodValidationPipe(staffReasonSchema)) body: { reason: string }) {
    return this.refunds.decide(staff, id, true, body.reason);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiZodBody(staffReasonSchema)
  reject(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string, @Body(new ZodValidationPipe(staffReasonSchema)) body: { reason: string }) {
    return this.refunds.decide(staff, id, false, body.reason);
  }
}

function strip(invoice: InvoiceRecord) {
  const { fileKey: _f, ...rest } = invoice;
  return rest;
}
