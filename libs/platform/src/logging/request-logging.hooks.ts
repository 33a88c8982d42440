import { randomUUID } from 'node:crypto';
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { routeLabel } from '../metrics/http-metrics.hook.js';
import type { Span } from '@opentelemetry/api';
import { isSpanContextValid, runInTraceContext, SpanStatusCode, startServerSpan } from '../tracing/trace-context.js';
import { requestContext } from './request-context.js';

const REQUEST_ID_PATTERN = /^[\w.-]{8,128}$/;

interface RequestTrace {
  requestId: string;
  traceId: string | undefined;
  span: Span;
  /** The request's context (ids, span), to be entered again once the body has been read. */
  scope: AsyncResource;
}

declare module 'fastify' {
  interface FastifyRequest {
    trace: RequestTrace | null;
  }
}

/**
 * Gives each request an id (kept from a trusted `x-request-id` header when well-formed) and a
 * server span (child of the caller's W3C `traceparent`, if any), echoes both ids back, runs the
 * request inside them, so every log line and every event it causes carries them, and logs one
 * line when it finishes.
 *
 * The body is read between `onRequest` and `preValidation` from the socket's events, which run
 * outside the request's context; `preValidation` enters it again (as @fastify/request-context
 * does), so the handler and everything it calls see the request's ids.
 */
export function installRequestLogging(fastify: FastifyInstance, logger: Logger): void {
  fastify.decorateRequest('trace', null);
  fastify.addHook('onRequest', (request, reply, done) => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    // On the raw response, so that responses a handler writes itself (streams) carry them too.
    reply.raw.setHeader('x-request-id', requestId);
    const { span, context } = startServerSpan(request.headers, `${request.method} request`, { 'http.request.method': request.method });
    // Without the tracing SDK installed (some tests), the span has no ids to give.
    const traceId = isSpanContextValid(span.spanContext()) ? span.spanContext().traceId : undefined;
    if (traceId) reply.raw.setHeader('x-trace-id', traceId);
    runInTraceContext(context, () =>
      requestContext.run({ requestId }, () => {
        request.trace = { requestId, traceId, span, scope: new AsyncResource('http-request') };
        done();
      }),
    );
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    if (request.trace) request.trace.scope.runInAsyncScope(done);
    else done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    request.trace?.span.end();
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.trace) logFinished(logger, request, reply, request.trace);
    done();
  });
}

function logFinished(logger: Logger, request: FastifyRequest, reply: FastifyReply, { requestId, traceId, span }: RequestTrace): void {
  const route = routeLabel(request);
  const status = reply.statusCode;
  span.updateName(`${request.method} ${route}`);
  span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
  const path = pathOf(request.url);
  const quiet = path.startsWith('/health') || path.startsWith('/assets/');
  const fields = { requestId, ...(traceId ? { traceId } : {}), method: request.method, path, status, ms: reply.elapsedTime };
  // A 503 is a dependency that is down (the database, identity, the SMS provider), logged
  // where it is found, once per outage for the database: each refused request is a warning.
  if (status === 503) logger.warn(fields, 'request');
  else if (status >= 500) logger.error(fields, 'request');
  else if (!quiet) logger.info(fields, 'request');
}

/** The URL without its query (signatures and search words stay out of the logs). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
