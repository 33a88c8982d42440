import { Controller, Get, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { RawResponse } from '../http/envelope.js';
import { DevMailboxNotifier } from './dev-mailbox.notifier.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Only registered when the dev mailbox is the notifier, which production refuses; and only
 * answered to the machine itself (no proxy in between), since it holds everyone's sign-in codes.
 */
@Controller('dev/mailbox')
@RawResponse()
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxNotifier) {}

  @Get()
  list(@Req() request: FastifyRequest, @Query('to') to?: string) {
    const direct = !request.headers['x-forwarded-for'] && LOOPBACK.test(request.socket.remoteAddress ?? '');
    if (!direct) throw AppError.notFound();
    return { messages: this.mailbox.list(typeof to === 'string' ? to : undefined) };
  }
}
