import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CartChanged, ErrorCode, OrderClosed, OrderPaid, OrderSubmitted, VOUCHER_MAX_BYTES, type Language, type LicenceForm, type OrderListResponse, type OrderView } from '@mkt/contracts';
import { AppError, Clock, OBJECT_STORAGE, OutboxWriter, newOrderNo, type ObjectStorage } from '@mkt/platform';
import { assertLicensable, moveOrder, orderNotFound } from './order-rules.js';
import { OrderViewsService } from './order-views.service.js';
import { OrdersRepository, type OrderRow } from './orders.repository.js';
import { VOUCHER_BUCKET, imageTypeOf, type UploadedFile } from './voucher.js';

/**
 * The buyer's side of the order process: submission from the cart, the buyer's lists, the
 * voucher, cancelling, and the enterprise views. Every transition locks the order row, asks the
 * state machine, writes and publishes in one transaction.
 */
@Injectable()
export class BuyerOrdersService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly views: OrderViewsService,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async submit(userId: string, cartIds: number[], licence: LicenceForm): Promise<{ orderId: string; orderNo: string }> {
    const now = this.clock.now();
    const wanted = [...new Set(cartIds)];
    return this.repository.transaction(async (manager) => {
      const lines = await this.repository.lockCartLines(manager, userId, wanted);
      if (lines.length !== wanted.length) throw new AppError(ErrorCode.CART_ITEM_NOT_FOUND, 'cartItemNotFound');
      if (lines.some((line) => !line.onSale)) throw new AppError(ErrorCode.CART_MATERIAL_UNAVAILABLE, 'cartMaterialUnavailable');
      assertLicensable(licence.licenceType, lines);
      const orderId = randomUUID();
      // A fresh id is never there already, so a number always comes back.
      const orderNo = (await this.repository.insertOrder(manager, { id: orderId, orderNo: newOrderNo(now), userId, kind: 'material', status: 'submitted', licence, totalFen: null, createdAt: now }))!;
      await this.repository.insertItems(manager, orderId, lines);
      await this.repository.deleteCartLines(manager, userId, lines.map((line) => line.cartId));
      await this.outbox.add(manager, OrderSubmitted, orderId, { orderId, orderNo, userId, itemCount: lines.length, submittedAt: now.toISOString() });
      // The lines left the cart for the order: the header's cart count follows.
      await this.outbox.add(manager, CartChanged, userId, { userId, added: [], removed: lines.map((line) => line.materialId), changedAt: now.toISOString() });
      return { orderId, orderNo };
    });
  }

  async list(userId: string, pageNo: number, pageSize: number, language: Language): Promise<OrderListResponse> {
    const { rows, total } = await this.repository.userOrders(userId, (pageNo - 1) * pageSize, pageSize);
    return { infos: await this.views.views(rows, language), total };
  }

  /** One of the caller's orders; another user's order answers exactly like a missing one. */
  async detail(userId: string, id: string, language: Language): Promise<OrderView> {
    const order = await this.repository.order(id);
    if (!order || order.userId !== userId) throw orderNotFound();
    const [view] = await this.views.views([order], language);
    return view!;
  }

  /** Enterprise administrators (active enterprise customers with the administrator flag): every completed order of the company. */
  async companyOrders(userId: string, pageNo: number, pageSize: number, language: Language): Promise<OrderListResponse> {
    const customerId = await this.repository.enterpriseCompanyOf(userId);
    if (!customerId) throw AppError.forbidden();
    const { rows, total } = await this.repository.companyOrders(customerId, (pageNo - 1) * pageSize, pageSize);
    return { infos: await this.views.views(rows, language), total };
  }

  /** The owner hides one of their orders from the company's view, or shows it again. */
  async hideFromCompany(userId: string, id: string, hidden: boolean): Promise<{ id: string; hiddenFromCompany: boolean }> {
    if (!(await this.repository.setHiddenFromCompany(id, userId, hidden, this.clock.now()))) throw orderNotFound();
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
    if (!current || current.userId !== userId) throw orderNotFound();
    await this.storage.put(VOUCHER_BUCKET, key, voucher.buffer, { contentType: type === 'jpg' ? 'image/jpeg' : 'image/png' });
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const order = await this.lockOwned(manager, id, userId);
      const result = moveOrder(order, 'pay');
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
      const to = moveOrder(order, 'cancel');
      await this.repository.setStatus(manager, id, to, { closed_reason: reason }, now);
      await this.outbox.add(manager, OrderClosed, id, { orderId: id, orderNo: order.orderNo, userId, reason, closedAt: now.toISOString() });
      return { id, status: to };
    });
  }

  private async lockOwned(manager: EntityManager, id: string, userId: string): Promise<OrderRow> {
    const order = await this.repository.lockOrder(manager, id);
    if (!order || order.userId !== userId) throw orderNotFound();
    return order;
  }
}
