import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { DevMailboxController } from './dev-mailbox.controller.js';
import { DevMailboxNotifier } from './dev-mailbox.notifier.js';
import { NOTIFIER } from './notifier.port.js';
import { SmtpNotifier } from './smtp.notifier.js';

@Global()
@Module({})
export class NotifierModule {
  static forRoot(config: AppConfig['notifier']): DynamicModule {
    if (config.driver === 'smtp') {
      return {
        module: NotifierModule,
        providers: [{ provide: NOTIFIER, useValue: SmtpNotifier.fromUrl(config.url, config.from) }],
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
