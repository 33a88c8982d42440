import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PayoutCalls, languageFromHeader, statementIdRequestSchema, statementListRequestSchema, statementRejectRequestSchema, type StatementListRequest, type StatementRejectRequest } from '@mkt/contracts';
import { ApiZodBody, ContributorGuard, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { StatementsService } from '../statements/statements.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** /Bill: a contributor's earnings and quarterly statements; buyers are refused, other contributors' ids are not found. */
@ApiTags('store: payouts')
@StoreController()
@UseGuards(UserAuthGuard, ContributorGuard)
@LoginMessage('signInRequired')
export class PayoutsStoreController {
  constructor(private readonly statements: StatementsService) {}

  @Post(path(PayoutCalls.earnings))
  @HttpCode(200)
  earnings(@CurrentUser() user: AuthenticatedUser, @Headers('accept-language') language?: string) {
    return this.statements.earnings(user.userId, languageFromHeader(language));
  }

  @Post(path(PayoutCalls.statementList))
  @HttpCode(200)
  @ApiZodBody(statementListRequestSchema)
  list(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(statementListRequestSchema)) body: StatementListRequest) {
    return this.statements.list(user.userId, body.year);
  }

  @Post(path(PayoutCalls.statementDetail))
  @HttpCode(200)
  @ApiZodBody(statementIdRequestSchema)
  detail(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(statementIdRequestSchema)) body: { id: string }, @Headers('accept-language') language?: string) {
    return this.statements.detail(user.userId, body.id, languageFromHeader(language));
  }

  @Post(path(PayoutCalls.statementFile))
  @HttpCode(200)
  @ApiZodBody(statementIdRequestSchema)
  file(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(statementIdRequestSchema)) body: { id: string }) {
    return this.statements.fileLink(user.userId, body.id);
  }

  @Post(path(PayoutCalls.statementConfirm))
  @HttpCode(200)
  @ApiZodBody(statementIdRequestSchema)
  confirm(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(statementIdRequestSchema)) body: { id: string }) {
    return this.statements.confirm(user.userId, body.id);
  }

  @Post(path(PayoutCalls.statementReject))
  @HttpCode(200)
  @ApiZodBody(statementRejectRequestSchema)
  reject(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(statementRejectRequestSchema)) body: StatementRejectRequest) {
    return this.statements.reject(user.userId, body.id, body.reason);
  }
}
