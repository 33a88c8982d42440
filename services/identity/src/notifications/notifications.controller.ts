import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { NotificationCalls, notificationListRequestSchema, notificationReadRequestSchema, notificationSettingsRequestSchema } from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { NotificationsService } from './notifications.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** The header's notification centre (POST, signed in): the caller's own notifications only. */
@ApiTags('store: session and user')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('loginRequired')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Post(path(NotificationCalls.list))
  @HttpCode(200)
  @ApiZodBody(notificationListRequestSchema)
  list(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(notificationListRequestSchema)) body: z.output<typeof notificationListRequestSchema>) {
    return this.notifications.page(user.userId, body.pageNo, body.pageSize);
  }

  @Post(path(NotificationCalls.read))
  @HttpCode(200)
  @ApiZodBody(notificationReadRequestSchema)
  read(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(notificationReadRequestSchema)) body: z.output<typeof notificationReadRequestSchema>) {
    return this.notifications.read(user.userId, body.ids);
  }

  @Post(path(NotificationCalls.settings))
  @HttpCode(200)
  @ApiZodBody(notificationSettingsRequestSchema)
  settings(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(notificationSettingsRequestSchema)) body: z.output<typeof notificationSettingsRequestSchema>) {
    return this.notifications.setMail(user.userId, body.mail);
  }
}
