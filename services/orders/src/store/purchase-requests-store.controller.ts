import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  PurchaseRequestCalls,
  languageFromHeader,
  purchaseRequestCreateSchema,
  purchaseRequestDeclineSchema,
  purchaseRequestIdSchema,
  purchaseRequestPageSchema,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { PurchaseRequestsService } from '../approvals/purchase-requests.service.js';

const path = (call: string) => call.replace(/^\//, '');
type Body<S extends z.ZodType> = z.output<S>;

/** Purchase approval of enterprise customers (POST, signed in): members ask, their administrator decides. */
@ApiTags('store: enterprise projects')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('signInRequired')
export class PurchaseRequestsStoreController {
  constructor(private readonly requests: PurchaseRequestsService) {}

  @Post(path(PurchaseRequestCalls.request))
  @HttpCode(200)
  @ApiZodBody(purchaseRequestCreateSchema)
  request(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(purchaseRequestCreateSchema)) body: Body<typeof purchaseRequestCreateSchema>) {
    return this.requests.request(user.userId, body);
  }

  @Post(path(PurchaseRequestCalls.mine))
  @HttpCode(200)
  @ApiZodBody(purchaseRequestPageSchema)
  mine(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(purchaseRequestPageSchema)) body: Body<typeof purchaseRequestPageSchema>, @Headers('accept-language') lang?: string) {
    return this.requests.mine(user.userId, body.pageNo, body.pageSize, languageFromHeader(lang));
  }

  @Post(path(PurchaseRequestCalls.company))
  @HttpCode(200)
  @ApiZodBody(purchaseRequestPageSchema)
  company(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(purchaseRequestPageSchema)) body: Body<typeof purchaseRequestPageSchema>, @Headers('accept-language') lang?: string) {
    return this.requests.company(user.userId, body.status, body.pageNo, body.pageSize, languageFromHeader(lang));
  }

  @Post(path(PurchaseRequestCalls.approve))
  @HttpCode(200)
  @ApiZodBody(purchaseRequestIdSchema)
  approve(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(purchaseRequestIdSchema)) body: Body<typeof purchaseRequestIdSchema>, @Headers('accept-language') lang?: string) {
    return this.requests.approve(user.userId, body.id, languageFromHeader(lang));
  }

  @Post(path(PurchaseRequestCalls.decline))
  @HttpCode(200)
  @ApiZodBody(purchaseRequestDeclineSchema)
  decline(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(purchaseRequestDeclineSchema)) body: Body<typeof purchaseRequestDeclineSchema>, @Headers('accept-language') lang?: string) {
    return this.requests.decline(user.userId, body.id, body.reason, languageFromHeader(lang));
  }
}
