import type { z } from 'zod';

/**
 * Every event on the bus: a name, a schema version, an id, the aggregate id (the Kafka key),
 * occurred-at, and a payload validated against its schema on both ends. Each domain defines its
 * events in <domain>/events.ts; all-events.ts lists them.
 */
export interface EventEnvelope<P = unknown> {
  id: string;
  name: string;
  version: number;
  aggregateId: string;
  occurredAt: string;
  payload: P;
  /**
   * W3C trace context (`traceparent`, `tracestate`) of the work that wrote the event: a consumer
   * continues that trace, so one request can be followed through every event it set off.
   */
  traceContext?: Record<string, string>;
}

export interface EventDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  name: N;
  version: number;
  schema: S;
}

export function defineEvent<N extends string, S extends z.ZodType>(
  name: N,
  version: number,
  schema: S,
): EventDefinition<N, S> {
  return { name, version, schema };
}

export type PayloadOf<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;
/** What a publisher may send: fields with defaults may be left out (the consumer's parse fills them in). */
export type InputOf<D> = D extends EventDefinition<string, infer S> ? z.input<S> : never;
