export type NotificationChannel = 'sms' | 'email';

export interface Notification {
  channel: NotificationChannel;
  to: string;
  subject: string;
  text: string;
  /** A verification code, when the message carries one (the dev mailbox shows it on its own). */
  code?: string;
}

/** Sends messages to people: sign-in codes today, order and statement notices later. */
export interface Notifier {
  /** Whether this notifier can reach people on a channel at all (checked before anything is stored). */
  supports(channel: NotificationChannel): boolean;
  send(notification: Notification): Promise<void>;
}

export const NOTIFIER = Symbol('NOTIFIER');
