import { Injectable } from '@nestjs/common';
import { NOTIFICATION_BADGE_MAX, type NotificationPage } from '@mkt/contracts';
import { Clock } from '@mkt/platform';
import { viewOf } from './notification-views.js';
import { NotificationsRepository } from './notifications.repository.js';

/** A signed-in account's own notifications: read, counted, marked read. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly clock: Clock,
  ) {}

  async page(userId: string, pageNo: number, pageSize: number): Promise<NotificationPage> {
    const [rows, unread, settings] = await Promise.all([this.notifications.page(userId, pageSize, (pageNo - 1) * pageSize), this.unread(userId), this.notifications.mailSettings(userId)]);
    return { infos: rows.flatMap((row) => viewOf(row) ?? []), unread, ...settings };
  }

  /** For the header's badge on every page: one indexed read, counted up to one past the badge's maximum. */
  unread(userId: string): Promise<number> {
    return this.notifications.unread(userId, NOTIFICATION_BADGE_MAX + 1);
  }

  /** Notifications by mail on or off; lines already due are then mailed or not as the account now wants. */
  async setMail(userId: string, mail: boolean): Promise<{ mail: boolean }> {
    await this.notifications.setMail(userId, mail);
    return { mail };
  }

  async read(userId: string, ids: readonly number[] | undefined): Promise<{ unread: number }> {
    await this.notifications.markRead(userId, ids ?? null, this.clock.now());
    return { unread: await this.unread(userId) };
  }
}

