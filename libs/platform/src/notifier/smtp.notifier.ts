import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../errors/app-error.js';
import { ErrorCode } from '@mkt/contracts';
import type { Notification, NotificationChannel, Notifier } from './notifier.port.js';

/**
 * Production e-mail over SMTP. Text messages to phones need an SMS provider, which this adapter
 * is not: it refuses them with a clear error rather than dropping them silently.
 */
export class SmtpNotifier implements Notifier {
  constructor(
    private readonly from: string,
    private readonly transport: Pick<Transporter, 'sendMail'>,
  ) {}

  static fromUrl(url: string, from: string): SmtpNotifier {
    return new SmtpNotifier(from, nodemailer.createTransport(url));
  }

  supports(channel: NotificationChannel): boolean {
    return channel === 'email';
  }

  async send(notification: Notification): Promise<void> {
    if (!this.supports(notification.channel)) {
      throw new AppError(ErrorCode.CODE_CHANNEL_UNAVAILABLE, 'codeChannelUnavailable');
    }
    await this.transport.sendMail({
      from: this.from,
      to: notification.to,
      subject: notification.subject,
      text: notification.text,
    });
  }
}
