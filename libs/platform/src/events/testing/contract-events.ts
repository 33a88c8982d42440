import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineEvent, type EventDefinition, type EventEnvelope } from '@mkt/contracts';

export const contractPayload = z.object({ n: z.number().int() });
export type ContractPayload = z.infer<typeof contractPayload>;

/**
 * A fresh event per test, so tests never see each other's deliveries (on a shared Kafka broker
 * the topics outlive the run).
 */
export function contractEvent(name = `contract.${randomBytes(4).toString('hex')}.happened`) {
  return defineEvent(name, 1, contractPayload);
}

export function uniqueGroup(prefix = 'contract'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

export function envelopeFor<P>(definition: EventDefinition, payload: P, aggregateId: string = randomUUID()): EventEnvelope<P> {
  return {
    id: randomUUID(),
    name: definition.name,
    version: definition.version,
    aggregateId,
    occurredAt: new Date().toISOString(),
    payload,
  };
}
