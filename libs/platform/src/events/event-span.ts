import { inRemoteChildSpan, SpanKind } from '../tracing/trace-context.js';

/**
 * Runs one delivery of an event inside a consumer span that continues the trace the event was
 * written in (its envelope's `traceContext`), so the handler's log lines, and the events it writes
 * in turn, carry the trace id of the request that set it all off. Takes the envelope as received:
 * one that fails its check is still logged and dead-lettered within its trace.
 */
export function inEventSpan<T>(received: unknown, consumerGroup: string, eventName: string, work: () => Promise<T>): Promise<T> {
  const traceContext = received !== null && typeof received === 'object' ? (received as { traceContext?: unknown }).traceContext : undefined;
  return inRemoteChildSpan(traceContext, `${eventName} process`, SpanKind.CONSUMER, { 'messaging.consumer.group.name': consumerGroup, 'messaging.operation.name': 'process' }, () => work());
}
