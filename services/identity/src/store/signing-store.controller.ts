import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  SigningCalls,
  signingDetailSchema,
  signingFileCompleteSchema,
  signingFileLinkSchema,
  signingSubmitSchema,
  type SigningFileLinkRequest,
  type SigningSubmitRequest,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, RateLimit, RateLimitGuard, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { SigningService } from '../signing/signing.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * Applying to sign as a photographer (/join): the caller's applications, their files through
 * signed upload links, and the submission. Any signed-in user may apply; no call reads or
 * writes another person's application or file.
 */
@ApiTags('store: signing application')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('signInRequired')
export class SigningStoreController {
  constructor(private readonly signing: SigningService) {}

  @Post(path(SigningCalls.status))
  @HttpCode(200)
  status(@CurrentUser() user: AuthenticatedUser) {
    return this.signing.status(user.userId);
  }

  @Post(path(SigningCalls.detail))
  @HttpCode(200)
  @ApiZodBody(signingDetailSchema)
  detail(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(signingDetailSchema)) body: { id: string }) {
    return this.signing.detail(user.userId, body.id);
  }

  @Post(path(SigningCalls.fileLink))
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  // Each link starts an upload in storage: room for a full application and its retries, not an open tap.
  @RateLimit({ limit: 200, windowSeconds: 600 })
  @ApiZodBody(signingFileLinkSchema)
  fileLink(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(signingFileLinkSchema)) body: SigningFileLinkRequest) {
    return this.signing.fileLink(user.userId, body);
  }

  @Post(path(SigningCalls.fileComplete))
  @HttpCode(200)
  @ApiZodBody(signingFileCompleteSchema)
  fileComplete(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(signingFileCompleteSchema)) body: { fileId: string }) {
    return this.signing.fileComplete(user.userId, body.fileId);
  }

  @Post(path(SigningCalls.submit))
  @HttpCode(200)
  @ApiZodBody(signingSubmitSchema)
  submit(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(signingSubmitSchema)) body: SigningSubmitRequest) {
    return this.signing.submit(user.userId, body);
  }
}
