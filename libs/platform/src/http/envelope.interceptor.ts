import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { formatMessage, languageFromHeader, type ApiEnvelope } from '@mkt/contracts';

const RAW_RESPONSE = 'mkt:raw-response';

/** Marks a controller or handler whose result is sent as is (the console's REST API, health). */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);

/** Wraps store API results in `{ code: 0, success: true, message, data }`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()]);
    if (raw || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const language = languageFromHeader(request.headers['accept-language']);
    return next.handle().pipe(
      map((data): ApiEnvelope => ({ code: 0, success: true, message: formatMessage(language, 'ok'), data: data ?? null })),
    );
  }
}
