import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  languageFromHeader,
  loginRequestSchema,
  sendCodeRequestSchema,
  type LoginRequest,
  type SendCodeRequest,
  type SessionResponse,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, RateLimit, RateLimitGuard, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { AccountService } from '../account/account.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SessionService } from '../sessions/session.service.js';
import { SignInService } from '../sign-in/sign-in.service.js';

/** The store's identity calls (spec section 7, "Session and user"); every call is a POST. */
@ApiTags('store: session and user')
@StoreController()
export class IdentityStoreController {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: SessionService,
    private readonly account: AccountService,
    private readonly notifications: NotificationsService,
  ) {}

  @Post('user/code/send')
  @UseGuards(RateLimitGuard)
  // Codes cost money and reach other people: at most 30 sends per client address in 10 minutes.
  @RateLimit({ limit: 30, windowSeconds: 600 })
  @ApiZodBody(sendCodeRequestSchema)
  @HttpCode(200)
  sendCode(
    @Body(new ZodValidationPipe(sendCodeRequestSchema)) body: SendCodeRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    return this.signIn.sendCode(body.account, languageFromHeader(acceptLanguage));
  }

  @Post('user/login')
  @UseGuards(RateLimitGuard)
  @RateLimit({ limit: 30, windowSeconds: 60 })
  @ApiZodBody(loginRequestSchema)
  @HttpCode(200)
  login(
    @Body(new ZodValidationPipe(loginRequestSchema)) body: LoginRequest,
    @Headers('user-agent') userAgent?: string,
  ) {
    return this.signIn.signIn(body.account, body.code, userAgent);
  }

  @Post('session')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  async session(@CurrentUser() user: AuthenticatedUser): Promise<SessionResponse> {
    const [view, unreadNotifications] = await Promise.all([this.account.view(user.userId), this.notifications.unread(user.userId)]);
    return { ...view, unreadNotifications };
  }

  @Post('user/refresh')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  async refresh(@CurrentUser() user: AuthenticatedUser, @Headers('user-agent') userAgent?: string) {
    return { token: await this.sessions.refreshUser(user.userId, user.sessionId, userAgent) };
  }

  @Post('logoff')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  async logoff(@CurrentUser() user: AuthenticatedUser) {
    await this.sessions.endById(user.sessionId);
    return null;
  }

  @Post('user/protocol/agree')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  agree(@CurrentUser() user: AuthenticatedUser) {
    return this.account.answerProtocol(user.userId, true);
  }

  @Post('user/protocol/reject')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  reject(@CurrentUser() user: AuthenticatedUser) {
    return this.account.answerProtocol(user.userId, false);
  }

  @Post('customer/skuList')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  skuList(@CurrentUser() user: AuthenticatedUser) {
    return this.account.skuList(user.userId);
  }
}
