import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  LicensingCalls,
  companyLicenceFileRequestSchema,
  downloadOriginalRequestSchema,
  languageFromHeader,
  licenceFileRequestSchema,
  licenceGenerateRequestSchema,
  licenceListRequestSchema,
  licenceMaterialsRequestSchema,
  licenceVerifyRequestSchema,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { DownloadsService } from '../downloads/downloads.service.js';
import { LicencesService } from '../licences/licences.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** Purchased materials, authorization files and original downloads (owner only), and the public licence check. */
@ApiTags('store: licensing')
@StoreController()
export class LicensingStoreController {
  constructor(
    private readonly licences: LicencesService,
    private readonly downloads: DownloadsService,
  ) {}

  /** Licensed materials: all of them (/OrderMaterialList) or those downloaded under a project (/DownloadList). */
  @Post(path(LicensingCalls.materials))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(licenceMaterialsRequestSchema)
  materials(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(licenceMaterialsRequestSchema)) body: { source: 'all' | 'project' },
    @Headers('accept-language') language?: string,
  ) {
    return this.downloads.purchased(user.userId, languageFromHeader(language), body.source);
  }

  @Post(path(LicensingCalls.list))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(licenceListRequestSchema)
  list(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(licenceListRequestSchema)) body: { orderId?: string }, @Headers('accept-language') language?: string) {
    return this.licences.list(user.userId, body.orderId, languageFromHeader(language));
  }

  @Post(path(LicensingCalls.generate))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(licenceGenerateRequestSchema)
  generate(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(licenceGenerateRequestSchema)) body: { orderId: string }, @Headers('accept-language') language?: string) {
    return this.licences.generateForOwner(user.userId, body.orderId, languageFromHeader(language));
  }

  @Post(path(LicensingCalls.file))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(licenceFileRequestSchema)
  file(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(licenceFileRequestSchema)) body: { licenceId: string }) {
    return this.licences.fileUrl(user.userId, body.licenceId);
  }

  @Post(path(LicensingCalls.companyFile))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(companyLicenceFileRequestSchema)
  companyFile(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(companyLicenceFileRequestSchema)) body: { grant: string }) {
    return this.licences.companyFileUrl(user.userId, body.grant);
  }

  @Post(path(LicensingCalls.downloadOriginal))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(downloadOriginalRequestSchema)
  original(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(downloadOriginalRequestSchema)) body: { orderId: string; itemId: number }) {
    return this.downloads.originalUrl(user.userId, body.orderId, body.itemId);
  }

  /** Public: no sign-in needed. */
  @Post(path(LicensingCalls.verify))
  @HttpCode(200)
  @ApiZodBody(licenceVerifyRequestSchema)
  verify(@Body(new ZodValidationPipe(licenceVerifyRequestSchema)) body: { code: string }) {
    return this.licences.verify(body.code);
  }
}
