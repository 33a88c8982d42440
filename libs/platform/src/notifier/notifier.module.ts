import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { AliyunSmsNotifier } from './aliyun-sms.notifier.js';
import { ChannelRoutingNotifier } from './channel-routing.notifier.js';
import { DevMailboxController } from './dev-mailbox.controller.js';
import { DevMailboxNotifier } from './dev-mailbox.notifier.js';
import { NOTIFIER } from './notifier.port.js';
import { SmtpNotifier } from './smtp.notifier.js';

@Global()
@Module({})
export class NotifierModule {
  static forRoot(config: AppConfig['notifier']): DynamicModule {
    if (config.driver === 'smtp') {
      const email = SmtpNotifier.fromUrl(config.url, config.from);
      const logger = new Logger('Notifier');
      const sms = config.sms ? AliyunSmsNotifier.create(config.sms, (detail) => logger.warn({ msg: 'text message not sent', ...detail })) : undefined;
      return {
        module: NotifierModule,
        providers: [{ provide: NOTIFIER, useValue: sms ? new ChannelRoutingNotifier({ email, sms }) : email }],
        exports: [NOTIFIER],
      };
    }
    const mailbox = new DevMailboxNotifier();
    return {
      module: NotifierModule,
      controllers: [DevMailboxController],
      providers: [
        { provide: DevMailboxNotifier, useValue: mailbox },
        { provide: NOTIFIER, useValue: mailbox },
      ],
      exports: [NOTIFIER, DevMailboxNotifier],
    };
  }
}
