import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endWithJson } from '../http/raw-response.js';
import { pathOf } from '../http/request-path.js';
import {
  ErrorCode,
  failureEnvelope,
  formatMessage,
  httpStatusOf,
  languageFromHeader,
  type ApiEnvelope,
  type MessageKey,
} from '@mkt/contracts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseOutage } from '../database/outage-log.js';
import { AppError } from './app-error.js';

const byHttpStatus: Record<number, [ErrorCode, MessageKey]> = {
  400: [ErrorCode.MALFORMED_BODY, 'malformedBody'],
  401: [ErrorCode.TOKEN_INVALID, 'tokenInvalid'],
  403: [ErrorCode.FORBIDDEN, 'forbidden'],
  404: [ErrorCode.NOT_FOUND, 'notFound'],
  413: [ErrorCode.VALIDATION_FAILED, 'validationFailed'],
  429: [ErrorCode.RATE_LIMITED, 'rateLimited'],
};

/**
 * Turns every failure into the one envelope, in the caller's language. Unknown failures are
 * logged with their stack and answered as a generic 500 without internals. An unreachable
 * database is not a bug: 503 with Retry-After, and the outage is logged once, not per request.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const language = languageFromHeader(request.headers['accept-language']);
    const path = pathOf(request.url);
    if (databaseOutage.noteFailure(exception, `${request.method} ${path}`)) {
      const code = ErrorCode.DATABASE_UNAVAILABLE;
      answer(reply, httpStatusOf[code], failureEnvelope(code, formatMessage(language, 'databaseUnavailable')), { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
      return;
    }
    const { status, code, message, data } = this.describe(exception, language);
    if (status >= 500) {
      this.logger.error(
        { err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : exception, path },
        'request failed',
      );
    }
    answer(reply, status, failureEnvelope(code, message, data));
  }

  private describe(exception: unknown, language: 'zh-CN' | 'en') {
    if (exception instanceof AppError) {
      return {
        status: exception.httpStatus,
        code: exception.code,
        message: formatMessage(language, exception.messageKey, exception.params),
        data: exception.data,
      };
    }
    const status = statusOf(exception);
    if (status !== undefined && status < 500) {
      const [code, key] = byHttpStatus[status] ?? [ErrorCode.VALIDATION_FAILED, 'validationFailed'];
      const details = status === 413 ? 'payload too large' : detailOf(exception);
      return { status, code, message: formatMessage(language, key, { details }), data: null };
    }
    return {
      status: httpStatusOf[ErrorCode.INTERNAL],
      code: ErrorCode.INTERNAL,
      message: formatMessage(language, 'internal'),
      data: null,
    };
  }
}

/**
 * A response already under way (a stream cut short) cannot be answered again; one a handler
 * took over (see raw-response.ts) but had not started is answered on the raw response.
 */
function answer(reply: FastifyReply, status: number, body: ApiEnvelope, headers: Record<string, string> = {}): void {
  if (reply.raw.headersSent) return;
  if (reply.sent) {
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    endWithJson(reply.raw, status, body);
    return;
  }
  // The envelope is JSON even where the handler had declared another type (a CSV export).
  void reply.status(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** Nest's HttpException and Fastify's own errors (body parsing, limits: they carry `statusCode`) both count as client errors. */
function statusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  const carried = exception as { status?: unknown; statusCode?: unknown } | null;
  const status = carried?.statusCode ?? carried?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}

function detailOf(exception: unknown): string {
  if (exception instanceof HttpException) {
    const body = exception.getResponse();
    const message = typeof body === 'object' && body && 'message' in body ? (body as { message: unknown }).message : body;
    return Array.isArray(message) ? message.join('; ') : String(message);
  }
  return exception instanceof Error ? exception.message : 'bad request';
}
