import { Controller, Get, Query } from '@nestjs/common';
import { RawResponse } from '../http/envelope.interceptor.js';
import { DevMailboxNotifier } from './dev-mailbox.notifier.js';

/** Only registered when the dev mailbox is the notifier, which production refuses. */
@Controller('dev/mailbox')
@RawResponse()
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxNotifier) {}

  @Get()
  list(@Query('to') to?: string) {
    return { messages: this.mailbox.list(typeof to === 'string' ? to : undefined) };
  }
}
