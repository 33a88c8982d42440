import { pipeline } from 'node:stream/promises';
import { Body, Get, Headers, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import {
  AVATAR_ROUTE,
  ErrorCode,
  UserCenterCalls,
  avatarCompleteSchema,
  avatarLinkSchema,
  emailBindSchema,
  emailConfirmSchema,
  failureEnvelope,
  formatMessage,
  languageFromHeader,
  nicknameUpdateSchema,
  type AvatarLinkRequest,
  type EmailBindRequest,
  type NicknameUpdate,
} from '@mkt/contracts';
import {
  ApiZodBody,
  CurrentUser,
  endWithJson,
  LoginMessage,
  RateLimit,
  RateLimitGuard,
  RawResponse,
  StoreController,
  takeOverResponse,
  wildcardPath,
  UserAuthGuard,
  ZodValidationPipe,
  type AuthenticatedUser,
} from '@mkt/platform';
import { SessionService } from '../sessions/session.service.js';
import { AvatarsService } from '../user-center/avatars.service.js';
import { EmailBindingService } from '../user-center/email-binding.service.js';
import { ProfileService } from '../user-center/profile.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * The store's user centre: the caller's own nickname, picture, e-mail and sessions. No call
 * takes a user id: each acts on the signed-in user, so no one can change another's account.
 */
@ApiTags('store: user centre')
@StoreController()
@LoginMessage('signInRequired')
export class UserCenterStoreController {
  constructor(
    private readonly profile: ProfileService,
    private readonly avatars: AvatarsService,
    private readonly email: EmailBindingService,
    private readonly sessions: SessionService,
  ) {}

  @Post(path(UserCenterCalls.nickname))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiZodBody(nicknameUpdateSchema)
  nickname(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(nicknameUpdateSchema)) body: NicknameUpdate) {
    return this.profile.setNickname(user.userId, body.nickname);
  }

  @Post(path(UserCenterCalls.avatarLink))
  @HttpCode(200)
  @UseGuards(UserAuthGuard, RateLimitGuard)
  // Each link starts an upload in storage: a generous allowance for retries, not an open tap.
  @RateLimit({ limit: 60, windowSeconds: 600 })
  @ApiZodBody(avatarLinkSchema)
  avatarLink(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(avatarLinkSchema)) body: AvatarLinkRequest) {
    return this.avatars.createLink(user.userId, body);
  }

  @Post(path(UserCenterCalls.avatarComplete))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiZodBody(avatarCompleteSchema)
  avatarComplete(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(avatarCompleteSchema)) body: { avatarId: string }) {
    return this.avatars.complete(user.userId, body.avatarId);
  }

  @Post(path(UserCenterCalls.emailBind))
  @HttpCode(200)
  @UseGuards(UserAuthGuard, RateLimitGuard)
  // Each call sends a mail to an address the caller typed: kept well below a spam tap.
  @RateLimit({ limit: 10, windowSeconds: 600 })
  @ApiZodBody(emailBindSchema)
  emailBind(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(emailBindSchema)) body: EmailBindRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    return this.email.requestLink(user.userId, body.email, languageFromHeader(acceptLanguage));
  }

  /** Needs no sign-in: the link may be opened on another device; the token says whose it is. */
  @Post(path(UserCenterCalls.emailConfirm))
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit({ limit: 30, windowSeconds: 600 })
  @ApiZodBody(emailConfirmSchema)
  emailConfirm(@Body(new ZodValidationPipe(emailConfirmSchema)) body: { token: string }) {
    return this.email.confirm(body.token);
  }

  @Post(path(UserCenterCalls.signOutEverywhere))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  async signOutEverywhere(@CurrentUser() user: AuthenticatedUser) {
    return { ended: await this.sessions.endAllForUser(user.userId) };
  }

  /** A user's current picture, to anyone (it is shown next to their name); anything else is 404. */
  @Get(`${AVATAR_ROUTE}/*`)
  @RawResponse()
  @ApiExcludeEndpoint()
  async avatar(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const response = takeOverResponse(reply);
    const key = wildcardPath(request);
    const found = await this.avatars.open(key).catch(() => null);
    if (!found) {
      response.setHeader('Cache-Control', 'no-store');
      endWithJson(response, 404, failureEnvelope(ErrorCode.NOT_FOUND, formatMessage(languageFromHeader(request.headers['accept-language']), 'notFound')));
      return;
    }
    const etag = `"${found.etag}"`;
    response.setHeader('ETag', etag);
    // Each picture has its own key, so a replaced one is never served stale.
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === etag) {
      found.stream.destroy();
      response.statusCode = 304;
      response.end();
      return;
    }
    response.statusCode = 200;
    response.setHeader('Content-Type', 'image/webp');
    response.setHeader('Content-Length', String(found.size));
    await pipeline(found.stream, response).catch(() => undefined);
  }
}
