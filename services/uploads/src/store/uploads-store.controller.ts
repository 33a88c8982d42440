import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  UploadCalls,
  downloadStsRequestSchema,
  materialIdRequestSchema,
  materialListRequestSchema,
  materialDetailsRequestSchema,
  materialUpdateRequestSchema,
  uploadStsRequestSchema,
  uploadSuccessRequestSchema,
  uploadTokenRequestSchema,
  type UploadStsRequest,
  type UploadTokenRequest,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { MaterialCenterService } from '../materials/material-center.service.js';
import { UploadSessionService } from './upload-session.service.js';

const path = (call: string) => call.replace(/^\//, '');
type SuccessBody = z.output<typeof uploadSuccessRequestSchema>;

/**
 * Store calls of contributor uploads (spec section 7 "Upload and download") and of the material
 * centre; POST, signed-in contributors only. Part bytes never pass through here: the browser
 * PUTs them to the signed links of /upload/ali/sts (the object store, or this server's local
 * store route).
 */
@ApiTags('store: uploads')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('loginRequired')
export class UploadsStoreController {
  constructor(
    private readonly sessions: UploadSessionService,
    private readonly materials: MaterialCenterService,
  ) {}

  @Post(path(UploadCalls.limits))
  @HttpCode(200)
  limits() {
    return this.sessions.limits();
  }

  @Post(path(UploadCalls.tokenVideo))
  @HttpCode(200)
  @ApiZodBody(uploadTokenRequestSchema)
  tokenVideo(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(uploadTokenRequestSchema)) body: UploadTokenRequest) {
    return this.sessions.start(user, 'video', body);
  }

  @Post(path(UploadCalls.tokenPhoto))
  @HttpCode(200)
  @ApiZodBody(uploadTokenRequestSchema)
  tokenPhoto(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(uploadTokenRequestSchema)) body: UploadTokenRequest) {
    return this.sessions.start(user, 'photo', body);
  }

  @Post(path(UploadCalls.sts))
  @HttpCode(200)
  @ApiZodBody(uploadStsRequestSchema)
  sts(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(uploadStsRequestSchema)) body: UploadStsRequest) {
    return this.sessions.credentials(user, body);
  }

  @Post(path(UploadCalls.videoSuccess))
  @HttpCode(200)
  @ApiZodBody(uploadSuccessRequestSchema)
  videoSuccess(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(uploadSuccessRequestSchema)) body: SuccessBody) {
    return this.sessions.complete(user, 'video', body);
  }

  @Post(path(UploadCalls.photoSuccess))
  @HttpCode(200)
  @ApiZodBody(uploadSuccessRequestSchema)
  photoSuccess(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(uploadSuccessRequestSchema)) body: SuccessBody) {
    return this.sessions.complete(user, 'photo', body);
  }

  @Post(path(UploadCalls.downloadSts))
  @HttpCode(200)
  @ApiZodBody(downloadStsRequestSchema)
  downloadSts(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(downloadStsRequestSchema)) body: { id: number }) {
    return this.materials.sampleLink(user, body.id);
  }

  @Post(path(UploadCalls.materialList))
  @HttpCode(200)
  @ApiZodBody(materialListRequestSchema)
  list(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(materialListRequestSchema)) body: z.output<typeof materialListRequestSchema>) {
    return this.materials.list(user, body.tab, body.pageNo, body.pageSize);
  }

  @Post(path(UploadCalls.materialDetail))
  @HttpCode(200)
  @ApiZodBody(materialIdRequestSchema)
  detail(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(materialIdRequestSchema)) body: { id: number }) {
    return this.materials.detail(user, body.id);
  }

  @Post(path(UploadCalls.materialUpdate))
  @HttpCode(200)
  @ApiZodBody(materialUpdateRequestSchema)
  update(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(materialUpdateRequestSchema)) body: z.output<typeof materialUpdateRequestSchema>) {
    return this.materials.update(user, body);
  }

  @Post(path(UploadCalls.materialDetails))
  @HttpCode(200)
  @ApiZodBody(materialDetailsRequestSchema)
  details(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(materialDetailsRequestSchema)) body: z.output<typeof materialDetailsRequestSchema>) {
    return this.materials.details(user, body);
  }

  @Post(path(UploadCalls.materialDelete))
  @HttpCode(200)
  @ApiZodBody(materialIdRequestSchema)
  async remove(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(materialIdRequestSchema)) body: { id: number }) {
    await this.materials.remove(user, body.id);
    return null;
  }

  @Post(path(UploadCalls.materialResubmit))
  @HttpCode(200)
  @ApiZodBody(materialUpdateRequestSchema)
  resubmit(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(materialUpdateRequestSchema)) body: z.output<typeof materialUpdateRequestSchema>) {
    return this.materials.resubmit(user, body);
  }
}
