import { randomUUID } from 'node:crypto';
import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { pathOf } from '../http/request-path.js';
import { routeLabel } from '../metrics/http-metrics.hook.js';
import { isSpanContextValid, runInTraceContext, SpanStatusCode, startServerSpan } from '../tracing/trace-context.js';
import { tracesExported } from '../tracing/trace-setup.js';
import { withRequestId } from './request-context.js';

const REQUEST_ID_PATTERN = /^[\w.-]{8,128}$/;

interface RequestTrace {
  requestId: string;
  traceId: string | undefined;
  span: Span;
  /** The request's trace and id, entered once the body has been read (see preValidation). */
  context: Context;
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
 * outside any request's context; the context is entered once, in `preValidation`, the last step
 * before guards and handlers, so they and everything they call see the request's ids. (Entering
 * it in `onRequest` and again after the body, as @fastify/request-context does, costs a second
 * entry and an AsyncResource per request for nothing that runs in between.)
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
    request.trace = { requestId, traceId, span, context: withRequestId(context, requestId) };
    done();
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    if (request.trace) runInTraceContext(request.trace.context, done);
    else done();
  });
  // A 'close' listener per request, worth it only when ended spans go somewhere.
  if (tracesExported()) {
    fastify.addHook('onRequestAbort', (request, done) => {
      request.trace?.span.end();
      done();
    });
  }
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.trace) logFinished(logger, request, reply, request.trace);
    done();
  });
}

function logFinished(logger: Logger, request: FastifyRequest, reply: FastifyReply, { requestId, traceId, span }: RequestTrace): void {
  const status = reply.statusCode;
  // Most spans are not recorded (nothing exported, no sampled caller): naming them costs for nothing.
  if (span.isRecording()) {
    const route = routeLabel(request);
    span.updateName(`${request.method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
  if (status < 500 && !logger.isLevelEnabled('info')) return;
  const path = pathOf(request.url);
  const quiet = path.startsWith('/health') || path.startsWith('/assets/');
  const fields = { requestId, ...(traceId ? { traceId } : {}), method: request.method, path, status, ms: reply.elapsedTime };
  // A 503 is a dependency that is down (the database, identity, the SMS provider), logged
  // where it is found, once per outage for the database: each refused request is a warning.
  if (status === 503) logger.warn(fields, 'request');
  else if (status >= 500) logger.error(fields, 'request');
  else if (!quiet) logger.info(fields, 'request');
}
