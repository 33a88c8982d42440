import { z } from 'zod';
import type { EventDefinition, EventEnvelope } from '@mkt/contracts';

export type EnvelopeCheck = { ok: true; envelope: EventEnvelope } | { ok: false; problem: string };

const envelopeShape = z.object({
  id: z.guid(),
  name: z.string().min(1),
  version: z.number().int().positive(),
  aggregateId: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  payload: z.unknown(),
  // Observability only: a malformed one is dropped, never a reason to refuse the event.
  traceContext: z.record(z.string().max(64), z.string().max(1024)).optional().catch(undefined),
});

/**
 * Validates a received envelope against the definition the consumer subscribed with: the
 * envelope's shape, its name and version, and the payload against the event's schema. A version
 * the consumer was not written for is refused rather than guessed at; it lands in the dead
 * letters, from where it can be re-driven once the consumer is upgraded.
 */
export function checkEnvelope(definition: EventDefinition, received: unknown): EnvelopeCheck {
  const shape = envelopeShape.safeParse(received);
  if (!shape.success) return { ok: false, problem: `envelope: ${z.prettifyError(shape.error)}` };
  const envelope = shape.data;
  if (envelope.name !== definition.name) {
    return { ok: false, problem: `envelope is "${envelope.name}", expected "${definition.name}"` };
  }
  if (envelope.version !== definition.version) {
    return {
      ok: false,
      problem: `version ${envelope.version} of "${definition.name}" is not handled (consumer knows version ${definition.version})`,
    };
  }
  const payload = definition.schema.safeParse(envelope.payload);
  if (!payload.success) return { ok: false, problem: `payload: ${z.prettifyError(payload.error)}` };
  return { ok: true, envelope: { ...envelope, payload: payload.data } };
}
