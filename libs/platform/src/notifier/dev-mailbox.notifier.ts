import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Notification, NotificationChannel, Notifier } from './notifier.port.js';

export interface MailboxMessage extends Notification {
  id: string;
  sentAt: string;
}

/**
 * The single-machine notifier: writes each message to the log and keeps the most recent ones
 * for `GET /dev/mailbox`, so codes can be read without a mail or SMS provider.
 */
export class DevMailboxNotifier implements Notifier {
  private readonly logger = new Logger('DevMailbox');
  private readonly messages: MailboxMessage[] = [];

  constructor(private readonly capacity = 200) {}

  supports(_channel: NotificationChannel): boolean {
    return true;
  }

  async send(notification: Notification): Promise<void> {
    const message: MailboxMessage = { ...notification, id: randomUUID(), sentAt: new Date().toISOString() };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, this.capacity);
    this.logger.log({ channel: message.channel, to: message.to, code: message.code }, `message to ${message.to}`);
  }

  /** Newest first; `to` filters by recipient. */
  list(to?: string): MailboxMessage[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.toLowerCase() === wanted) : [...this.messages];
  }
}
