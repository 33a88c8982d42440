import { ErrorCode } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import type { Notification, NotificationChannel, Notifier } from './notifier.port.js';

/** E-mail through one notifier, text messages through another (SMTP plus an SMS provider). */
export class ChannelRoutingNotifier implements Notifier {
  constructor(private readonly byChannel: Partial<Record<NotificationChannel, Notifier>>) {}

  supports(channel: NotificationChannel): boolean {
    return this.byChannel[channel]?.supports(channel) ?? false;
  }

  send(notification: Notification): Promise<void> {
    const notifier = this.byChannel[notification.channel];
    if (!notifier) return Promise.reject(new AppError(ErrorCode.CODE_CHANNEL_UNAVAILABLE, 'codeChannelUnavailable'));
    return notifier.send(notification);
  }
}
