import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, Clock, NOTIFIER, type AppConfig, type Notifier } from '@mkt/platform';
import { notificationMail } from './notification-mail.js';
import { viewOf } from './notification-views.js';
import { NotificationsRepository } from './notifications.repository.js';

/** How often each replica looks for due lines, and how many it takes at a time. */
const TICK_MS = 30_000;
const BATCH = 50;
/** A mail that failed is tried again this much later. */
const RETRY_MS = 10 * 60_000;

/**
 * Mails notifications that stayed unread past their due time to the account's confirmed
 * address, through the configured notifier (the dev mailbox on one machine). Each line is locked
 * while its mail goes out, so replicas share the work without mailing twice; a line read in the
 * meantime, or of an account without an address or that turned mails off, is dropped from the
 * queue unmailed.
 */
@Injectable()
export class NotificationMailer {
  private readonly logger = new Logger(NotificationMailer.name);
  private running = false;

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly clock: Clock,
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Interval(TICK_MS)
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.sendDue(this.clock.now());
    } catch (error) {
      this.logger.warn({ msg: 'notification mails not sent this time', error: String(error) });
    } finally {
      this.running = false;
    }
  }

  /** Sends what is due at `now`; returns how many mails went out. */
  async sendDue(now: Date): Promise<number> {
    if (!this.notifier.supports('email')) return 0;
    let sent = 0;
    for (const id of await this.notifications.dueForMail(now, BATCH)) {
      try {
        const mailed = await this.notifications.transaction(async (manager) => {
          const due = await this.notifications.lockDue(manager, id, now);
          if (!due) return false;
          const view = viewOf(due);
          if (!due.email || !view) {
            await this.notifications.clearDue(manager, id, null);
            return false;
          }
          await this.notifier.send({ channel: 'email', to: due.email, ...notificationMail(view, this.config.http.publicUrl) });
          await this.notifications.clearDue(manager, id, this.clock.now());
          return true;
        });
        if (mailed) sent += 1;
      } catch (error) {
        this.logger.warn({ msg: 'notification mail not sent; tried again later', notificationId: id, error: String(error) });
        await this.notifications.postpone(id, new Date(now.getTime() + RETRY_MS));
      }
    }
    return sent;
  }
}
