import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BankCalls, bankInfoSubmitSchema, type BankInfoSubmitRequest } from '@mkt/contracts';
import { ApiZodBody, ContributorGuard, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { BankInfoService } from '../bank/bank-info.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** /Bill's bank-info form: a contributor reads their own info (masked) and submits a change. */
@ApiTags('store: payouts')
@StoreController()
@UseGuards(UserAuthGuard, ContributorGuard)
@LoginMessage('signInRequired')
export class BankInfoStoreController {
  constructor(private readonly bank: BankInfoService) {}

  @Post(path(BankCalls.detail))
  @HttpCode(200)
  detail(@CurrentUser() user: AuthenticatedUser) {
    return this.bank.view(user.userId);
  }

  @Post(path(BankCalls.submit))
  @HttpCode(200)
  @ApiZodBody(bankInfoSubmitSchema)
  submit(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(bankInfoSubmitSchema)) body: BankInfoSubmitRequest) {
    return this.bank.submit(user.userId, body);
  }
}
