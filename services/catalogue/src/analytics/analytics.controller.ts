import { Body, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { MaterialAnalyticsCalls, languageFromHeader, materialAnalyticsRequestSchema, type MaterialAnalyticsQuery } from '@mkt/contracts';
import { ApiZodBody, ContributorGuard, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { AnalyticsService } from './analytics.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** A contributor's sales analytics in the material centre: their own materials only. */
@ApiTags('store: sales analytics')
@StoreController()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post(path(MaterialAnalyticsCalls.analytics))
  @HttpCode(200)
  @UseGuards(UserAuthGuard, ContributorGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(materialAnalyticsRequestSchema)
  read(
    @Req() request: FastifyRequest,
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(materialAnalyticsRequestSchema)) body: MaterialAnalyticsQuery,
  ) {
    return this.analytics.read(user.userId, body, languageFromHeader(request.headers['accept-language']));
  }
}
