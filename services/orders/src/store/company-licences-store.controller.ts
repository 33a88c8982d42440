import { Body, Header, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CompanyLicenceCalls, companyLicenceQuerySchema, languageFromHeader } from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, RawResponse, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { CompanyLicencesService } from '../company-licences/company-licences.service.js';

const path = (call: string) => call.replace(/^\//, '');
type Query = z.output<typeof companyLicenceQuerySchema>;

/** The company licence history of an enterprise customer (POST, signed in, its administrators only). */
@ApiTags('store: enterprise projects')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('signInRequired')
export class CompanyLicencesStoreController {
  constructor(private readonly licences: CompanyLicencesService) {}

  @Post(path(CompanyLicenceCalls.list))
  @HttpCode(200)
  @ApiZodBody(companyLicenceQuerySchema)
  list(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(companyLicenceQuerySchema)) body: Query, @Headers('accept-language') lang?: string) {
    return this.licences.page(user.userId, body, body.pageNo, body.pageSize, languageFromHeader(lang));
  }

  /** A file download, not the JSON envelope: the browser saves it as it comes. */
  @Post(path(CompanyLicenceCalls.csv))
  @HttpCode(200)
  @ApiZodBody(companyLicenceQuerySchema)
  @ApiProduces('text/csv')
  @RawResponse()
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="company-licences.csv"')
  csv(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(companyLicenceQuerySchema)) body: Query, @Headers('accept-language') lang?: string) {
    return this.licences.csv(user.userId, body, languageFromHeader(lang));
  }
}
