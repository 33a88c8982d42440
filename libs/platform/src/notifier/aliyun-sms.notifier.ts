import { createRequire } from 'node:module';
import { ErrorCode } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import type { Notification, NotificationChannel, Notifier } from './notifier.port.js';

/** The one call of Alibaba Cloud's SMS API (Dysmsapi 2017-05-25) this adapter makes. */
export interface SmsSendApi {
  sendSms(request: { phoneNumbers: string; signName: string; templateCode: string; templateParam: string }): Promise<{
    body?: { code?: string; message?: string; requestId?: string; bizId?: string };
  }>;
}

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature shown before the text, e.g. 【Lumen Stock】. */
  signName: string;
  /** An approved verification-code template with a `${code}` variable. */
  templateCode: string;
  /** API host; `dysmsapi.aliyuncs.com` unless a region or a test server says otherwise. */
  endpoint: string;
  protocol?: 'https' | 'http';
}

/**
 * Sign-in codes to mainland phone numbers through Alibaba Cloud SMS. Providers send only
 * pre-approved templates, so the message is the template with the code filled in, not our text.
 * A refusal or an unreachable provider becomes a localized "try again" (503): the caller's
 * transaction rolls back and no code is stored.
 */
export class AliyunSmsNotifier implements Notifier {
  constructor(
    private readonly settings: Pick<AliyunSmsSettings, 'signName' | 'templateCode'>,
    private readonly api: SmsSendApi,
    private readonly onFailure: (detail: Record<string, unknown>) => void = () => undefined,
  ) {}

  /** With the official SDK client, loaded only when SMS is configured. */
  static create(settings: AliyunSmsSettings, onFailure?: (detail: Record<string, unknown>) => void): AliyunSmsNotifier {
    return new AliyunSmsNotifier(settings, createDysmsClient(settings), onFailure);
  }

  supports(channel: NotificationChannel): boolean {
    return channel === 'sms';
  }

  async send(notification: Notification): Promise<void> {
    if (notification.channel !== 'sms') throw new AppError(ErrorCode.CODE_CHANNEL_UNAVAILABLE, 'codeChannelUnavailable');
    if (!notification.code) throw new Error('AliyunSmsNotifier sends verification codes only (an approved template carries the text)');
    let body: { code?: string; message?: string; requestId?: string } | undefined;
    try {
      body = (
        await this.api.sendSms({
          // Mainland numbers are stored as 11 digits; the API takes them as they are.
          phoneNumbers: notification.to,
          signName: this.settings.signName,
          templateCode: this.settings.templateCode,
          templateParam: JSON.stringify({ code: notification.code }),
        })
      ).body;
    } catch (error) {
      this.onFailure({ provider: 'aliyun-sms', error: error instanceof Error ? error.message : String(error) });
      throw new AppError(ErrorCode.CODE_DELIVERY_FAILED, 'codeDeliveryFailed');
    }
    if (body?.code !== 'OK') {
      this.onFailure({ provider: 'aliyun-sms', code: body?.code, message: body?.message, requestId: body?.requestId });
      throw new AppError(ErrorCode.CODE_DELIVERY_FAILED, 'codeDeliveryFailed');
    }
  }
}

type SendSmsFields = Parameters<SmsSendApi['sendSms']>[0];
type DysmsModule = {
  default: new (config: unknown) => { sendSms(request: unknown): ReturnType<SmsSendApi['sendSms']> };
  SendSmsRequest: new (fields: SendSmsFields) => unknown;
};
type OpenApiModule = { $OpenApiUtil: { Config: new (fields: Record<string, string>) => unknown } };

/** The SDK is CommonJS; required here so its classes come through as they are exported. */
export function createDysmsClient(settings: AliyunSmsSettings): SmsSendApi {
  const require = createRequire(import.meta.url);
  const dysms = require('@alicloud/dysmsapi20170525') as DysmsModule;
  const { $OpenApiUtil } = require('@alicloud/openapi-core') as OpenApiModule;
  const client = new dysms.default(
    new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: settings.endpoint,
      protocol: settings.protocol ?? 'https',
    }),
  );
  return { sendSms: (request) => client.sendSms(new dysms.SendSmsRequest(request)) };
}
