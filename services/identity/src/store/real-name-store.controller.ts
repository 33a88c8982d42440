import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RealNameCalls, idPhotoCompleteSchema, idPhotoLinkSchema, realNameSubmitSchema, type IdPhotoLinkRequest, type RealNameSubmitRequest } from '@mkt/contracts';
import { ApiZodBody, ContributorGuard, CurrentUser, LoginMessage, RateLimit, RateLimitGuard, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { RealNameService } from '../real-name/real-name.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * A contributor's real-name check (spec section 4): status, ID-card photos through signed upload
 * links, and the submission. Buyers are refused; another user's photo is not found.
 */
@ApiTags('store: real-name check')
@StoreController()
@UseGuards(UserAuthGuard, ContributorGuard)
@LoginMessage('signInRequired')
export class RealNameStoreController {
  constructor(private readonly realName: RealNameService) {}

  @Post(path(RealNameCalls.status))
  @HttpCode(200)
  status(@CurrentUser() user: AuthenticatedUser) {
    return this.realName.status(user.userId);
  }

  @Post(path(RealNameCalls.photoLink))
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  // Each link starts an upload in storage: a generous allowance for retries, not an open tap.
  @RateLimit({ limit: 60, windowSeconds: 600 })
  @ApiZodBody(idPhotoLinkSchema)
  photoLink(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(idPhotoLinkSchema)) body: IdPhotoLinkRequest) {
    return this.realName.photoLink(user.userId, body);
  }

  @Post(path(RealNameCalls.photoComplete))
  @HttpCode(200)
  @ApiZodBody(idPhotoCompleteSchema)
  photoComplete(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(idPhotoCompleteSchema)) body: { photoId: string }) {
    return this.realName.photoComplete(user.userId, body.photoId);
  }

  @Post(path(RealNameCalls.submit))
  @HttpCode(200)
  @ApiZodBody(realNameSubmitSchema)
  submit(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(realNameSubmitSchema)) body: RealNameSubmitRequest) {
    return this.realName.submit(user.userId, body);
  }
}

