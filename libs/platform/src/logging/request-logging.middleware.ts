import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { routeLabel } from '../metrics/http-metrics.middleware.js';
import { isSpanContextValid, runInTraceContext, SpanStatusCode, startServerSpan } from '../tracing/trace-context.js';
import { requestContext } from './request-context.js';

const REQUEST_ID_PATTERN = /^[\w.-]{8,128}$/;

/**
 * Gives each request an id (kept from a trusted `x-request-id` header when well-formed) and a
 * server span (child of the caller's W3C `traceparent`, if any), echoes both ids back, runs the
 * request inside them, so every log line and every event it causes carries them, and logs one
 * line when it finishes.
 */
export function requestLogging(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    response.setHeader('x-request-id', requestId);
    const { span, context } = startServerSpan(request.headers, `${request.method} request`, { 'http.request.method': request.method });
    // Without the tracing SDK installed (some tests), the span has no ids to give.
    const traceId = isSpanContextValid(span.spanContext()) ? span.spanContext().traceId : undefined;
    if (traceId) response.setHeader('x-trace-id', traceId);
    const started = process.hrtime.bigint();
    response.on('close', () => span.end());
    response.on('finish', () => {
      const route = routeLabel(request);
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': response.statusCode });
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      const quiet = request.path.startsWith('/health') || request.path.startsWith('/assets/');
      const fields = {
        requestId,
        ...(traceId ? { traceId } : {}),
        method: request.method,
        path: request.path,
        status: response.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      };
      // A 503 is a dependency that is down (the database, identity, the SMS provider), logged
      // where it is found, once per outage for the database: each refused request is a warning.
      if (response.statusCode === 503) logger.warn(fields, 'request');
      else if (response.statusCode >= 500) logger.error(fields, 'request');
      else if (!quiet) logger.info(fields, 'request');
    });
    runInTraceContext(context, () => requestContext.run({ requestId }, next));
  };
}
