import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReleaseCalls, releaseIdRequestSchema, releaseLinkRequestSchema, releaseListRequestSchema, type ReleaseLinkRequest, type ReleaseListRequest } from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { ReleasesService } from './releases.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** The contributor's release library (POST, signed-in contributors; another's release is not found). */
@ApiTags('store: releases')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('loginRequired')
export class ReleasesStoreController {
  constructor(private readonly releases: ReleasesService) {}

  @Post(path(ReleaseCalls.list))
  @HttpCode(200)
  @ApiZodBody(releaseListRequestSchema)
  list(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(releaseListRequestSchema)) body: ReleaseListRequest) {
    return this.releases.list(user, body);
  }

  @Post(path(ReleaseCalls.link))
  @HttpCode(200)
  @ApiZodBody(releaseLinkRequestSchema)
  link(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(releaseLinkRequestSchema)) body: ReleaseLinkRequest) {
    return this.releases.createLink(user, body);
  }

  @Post(path(ReleaseCalls.complete))
  @HttpCode(200)
  @ApiZodBody(releaseIdRequestSchema)
  complete(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(releaseIdRequestSchema)) body: { id: string }) {
    return this.releases.complete(user, body.id);
  }

  @Post(path(ReleaseCalls.view))
  @HttpCode(200)
  @ApiZodBody(releaseIdRequestSchema)
  view(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(releaseIdRequestSchema)) body: { id: string }) {
    return this.releases.viewLink(user, body.id);
  }

  @Post(path(ReleaseCalls.delete))
  @HttpCode(200)
  @ApiZodBody(releaseIdRequestSchema)
  async remove(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(releaseIdRequestSchema)) body: { id: string }) {
    await this.releases.remove(user, body.id);
    return null;
  }
}
