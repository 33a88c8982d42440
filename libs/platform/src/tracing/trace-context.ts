import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';

/** The W3C trace context headers (`traceparent`, `tracestate`) as a plain object. */
export type TraceCarrier = Record<string, string>;

// A proxy until tracing is installed, then the installed provider's tracer: asked for once.
const platformTracer = trace.getTracer('@mkt/platform');
const tracer = () => platformTracer;

/** The trace and span ids of the work running now, for log lines; undefined outside any trace. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { traceId, spanId } : undefined;
}

/** The active trace context as headers, to store with an event or send with a call; undefined outside any trace. */
export function activeTraceCarrier(): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** Adds the active trace context to outgoing request headers. */
export function withTraceHeaders(headers: Record<string, string>): Record<string, string> {
  return { ...headers, ...activeTraceCarrier() };
}

/**
 * Runs `work` in a new span whose parent is the remote context in `carrier` (when it holds one;
 * otherwise the span starts a trace), and ends the span with the outcome.
 */
export async function inRemoteChildSpan<T>(
  carrier: unknown,
  name: string,
  kind: SpanKind,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, headersOf(carrier));
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Starts a server span for an incoming HTTP request, child of its `traceparent` when it sent a
 * valid one. The caller ends it and runs the request inside `context`.
 */
export function startServerSpan(headers: Record<string, string | string[] | undefined>, name: string, attributes: Record<string, string>): { span: Span; context: Context } {
  // Most requests carry no trace context: nothing to extract.
  const parent = headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, headersOf(headers));
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Whether a span carries real ids (the API without an installed SDK gives all-zero ones). */
export function isSpanContextValid(spanContext: ReturnType<Span['spanContext']>): boolean {
  return trace.isSpanContextValid(spanContext);
}

/** Runs `work` inside `ctx` (a context from startServerSpan). */
export function runInTraceContext<T>(ctx: Context, work: () => T): T {
  return context.with(ctx, work);
}

/** Only string values of a well-formed object; anything else carries no context. */
function headersOf(carrier: unknown): TraceCarrier {
  if (carrier === null || typeof carrier !== 'object') return {};
  const headers: TraceCarrier = {};
  for (const key of ['traceparent', 'tracestate']) {
    const value = (carrier as Record<string, unknown>)[key];
    if (typeof value === 'string') headers[key] = value;
  }
  return headers;
}

export { SpanKind, SpanStatusCode };
