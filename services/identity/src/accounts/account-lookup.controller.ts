import { timingSafeEqual } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ACCOUNT_LOOKUP_PATH, INTROSPECTION_SIGNATURE_HEADER, accountLookupRequestSchema, type AccountLookupRequest, type AccountLookupResponse } from '@mkt/contracts';
import { APP_CONFIG, AppError, RawResponse, ZodValidationPipe, accountLookupSignature, resolveSecrets, type AppConfig } from '@mkt/platform';
import { IdentityAccountDirectory } from './identity-account-directory.js';

/**
 * Services deployed without identity look accounts up here (RemoteAccountDirectory). Only
 * callers holding the shared token secret are answered; the public ingress does not route
 * /internal at all.
 */
@ApiExcludeController()
@Controller(ACCOUNT_LOOKUP_PATH.replace(/^\//, ''))
@RawResponse()
export class AccountLookupController {
  private readonly secret: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly directory: IdentityAccountDirectory,
  ) {
    this.secret = resolveSecrets(config).token;
  }

  @Post()
  @HttpCode(200)
  async lookup(
    @Headers(INTROSPECTION_SIGNATURE_HEADER) signature: string | undefined,
    @Body(new ZodValidationPipe(accountLookupRequestSchema)) request: AccountLookupRequest,
  ): Promise<AccountLookupResponse> {
    const expected = Buffer.from(accountLookupSignature(this.secret, request));
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw AppError.forbidden();
    const [byContact, byId] = await Promise.all([this.directory.byContacts(request.contacts), this.directory.byIds(request.userIds)]);
    return { byContact, byId: [...byId.values()] };
  }
}
