import { Body, Headers, HttpCode, Post, UploadedFile as UploadedFileParam, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-fastify';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  OrderCalls,
  VOUCHER_MAX_BYTES,
  cartAddRequestSchema,
  cartListRequestSchema,
  cartRemoveRequestSchema,
  invoiceApplyRequestSchema,
  invoiceOrderRequestSchema,
  languageFromHeader,
  orderCancelRequestSchema,
  orderHideRequestSchema,
  orderCreateRequestSchema,
  orderIdRequestSchema,
  orderListRequestSchema,
  orderPayFieldsSchema,
  refundApplyRequestSchema,
  type InvoiceApplication,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { CartService } from '../cart/cart.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { BuyerOrdersService } from '../orders/buyer-orders.service.js';
import type { UploadedFile } from '../orders/voucher.js';
import { VipService } from '../vip/vip.service.js';
import { RefundsService } from '../refunds/refunds.service.js';

const path = (call: string) => call.replace(/^\//, '');
type Out<S extends z.ZodType> = z.output<S>;

/**
 * The store's cart, order, invoice, refund and VIP calls (POST below /api). Every call needs a
 * signed-in buyer; visitors get 'Please sign in use the function.' (code 1001). Every order call
 * checks the caller owns the order: another user's order answers like a missing one.
 */
@ApiTags('store: orders')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('signInRequired')
export class OrdersStoreController {
  constructor(
    private readonly cart: CartService,
    private readonly orders: BuyerOrdersService,
    private readonly vip: VipService,
    private readonly invoices: InvoicesService,
    private readonly refunds: RefundsService,
  ) {}

  @Post(path(OrderCalls.cartAdd))
  @HttpCode(200)
  @ApiZodBody(cartAddRequestSchema)
  cartAdd(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(cartAddRequestSchema)) body: Out<typeof cartAddRequestSchema>) {
    return this.cart.add(user.userId, body.materialId);
  }

  @Post(path(OrderCalls.cartList))
  @HttpCode(200)
  @ApiZodBody(cartListRequestSchema)
  cartList(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(cartListRequestSchema)) body: Out<typeof cartListRequestSchema>,
    @Headers('accept-language') language?: string,
  ) {
    return this.cart.list(user.userId, body.category, body.pageNo, body.pageSize, languageFromHeader(language));
  }

  @Post(path(OrderCalls.cartRemove))
  @HttpCode(200)
  @ApiZodBody(cartRemoveRequestSchema)
  cartRemove(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(cartRemoveRequestSchema)) body: Out<typeof cartRemoveRequestSchema>) {
    return this.cart.remove(user.userId, body.cartId);
  }

  @Post(path(OrderCalls.orderCreate))
  @HttpCode(200)
  @ApiZodBody(orderCreateRequestSchema)
  create(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(orderCreateRequestSchema)) body: Out<typeof orderCreateRequestSchema>) {
    return this.orders.submit(user.userId, body.cartIds, body.licence);
  }

  @Post(path(OrderCalls.orderList))
  @HttpCode(200)
  @ApiZodBody(orderListRequestSchema)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(orderListRequestSchema)) body: Out<typeof orderListRequestSchema>,
    @Headers('accept-language') language?: string,
  ) {
    return this.orders.list(user.userId, body.pageNo, body.pageSize, languageFromHeader(language));
  }

  @Post(path(OrderCalls.orderDetail))
  @HttpCode(200)
  @ApiZodBody(orderIdRequestSchema)
  detail(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(orderIdRequestSchema)) body: { id: string }, @Headers('accept-language') language?: string) {
    return this.orders.detail(user.userId, body.id, languageFromHeader(language));
  }

  /** multipart/form-data: id, accountName, voucher (jpg or png image). */
  @Post(path(OrderCalls.orderPay))
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  // The hard cap only protects memory; the spec's limit is checked in the service with a localized message.
  @UseInterceptors(FileInterceptor('voucher', { limits: { fileSize: VOUCHER_MAX_BYTES + 1024 * 1024, files: 1 } }))
  pay(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(orderPayFieldsSchema)) body: Out<typeof orderPayFieldsSchema>,
    @UploadedFileParam() voucher?: UploadedFile,
  ) {
    return this.orders.pay(user.userId, body.id, body.accountName, voucher);
  }

  @Post(path(OrderCalls.orderCancel))
  @HttpCode(200)
  @ApiZodBody(orderCancelRequestSchema)
  cancel(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(orderCancelRequestSchema)) body: Out<typeof orderCancelRequestSchema>) {
    return this.orders.cancel(user.userId, body.id, body.reason);
  }

  @Post(path(OrderCalls.invoiceApply))
  @HttpCode(200)
  @ApiZodBody(invoiceApplyRequestSchema)
  invoiceApply(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(invoiceApplyRequestSchema)) body: InvoiceApplication) {
    return this.invoices.apply(user.userId, body);
  }

  @Post(path(OrderCalls.invoiceDetail))
  @HttpCode(200)
  @ApiZodBody(invoiceOrderRequestSchema)
  invoiceDetail(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(invoiceOrderRequestSchema)) body: { orderId: string }) {
    return this.invoices.forBuyer(user.userId, body.orderId);
  }

  @Post(path(OrderCalls.invoiceDownload))
  @HttpCode(200)
  @ApiZodBody(invoiceOrderRequestSchema)
  invoiceDownload(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(invoiceOrderRequestSchema)) body: { orderId: string }) {
    return this.invoices.downloadUrl(user.userId, body.orderId);
  }

  @Post(path(OrderCalls.refundApply))
  @HttpCode(200)
  @ApiZodBody(refundApplyRequestSchema)
  refund(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(refundApplyRequestSchema)) body: Out<typeof refundApplyRequestSchema>) {
    return this.refunds.apply(user.userId, body.orderId, body.description);
  }

  @Post(path(OrderCalls.vipInfo))
  @HttpCode(200)
  vipInfo(@CurrentUser() user: AuthenticatedUser) {
    return this.vip.vipInfo(user.userId);
  }

  @Post(path(OrderCalls.vipOrderCreate))
  @HttpCode(200)
  vipOrder(@CurrentUser() user: AuthenticatedUser) {
    return this.vip.createVipOrder(user.userId);
  }

  /** Enterprise administrators only (an active enterprise customer with the administrator flag); others get 403. */
  @Post(path(OrderCalls.companyOrders))
  @HttpCode(200)
  @ApiZodBody(orderListRequestSchema)
  companyOrders(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(orderListRequestSchema)) body: Out<typeof orderListRequestSchema>,
    @Headers('accept-language') language?: string,
  ) {
    return this.orders.companyOrders(user.userId, body.pageNo, body.pageSize, languageFromHeader(language));
  }

  @Post(path(OrderCalls.orderHide))
  @HttpCode(200)
  @ApiZodBody(orderHideRequestSchema)
  hide(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(orderHideRequestSchema)) body: Out<typeof orderHideRequestSchema>) {
    return this.orders.hideFromCompany(user.userId, body.id, body.hidden);
  }
}
