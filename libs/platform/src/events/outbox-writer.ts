import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import type { EventDefinition, EventEnvelope, PayloadOf } from '@mkt/contracts';
import { InvalidEventPayloadError, OutboxTransactionRequiredError } from './event-bus.errors.js';
import { markOutboxWritten } from './outbox-commit-signal.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';

/**
 * Publishes an event the only safe way: as a row of the service's outbox, written with the
 * business transaction's EntityManager, so the event exists if and only if that transaction
 * commits. The OutboxRelay moves it to the transport afterwards.
 */
@Injectable()
export class OutboxWriter {
  async add<D extends EventDefinition>(
    manager: EntityManager,
    definition: D,
    aggregateId: string,
    payload: z.input<D['schema']>,
  ): Promise<EventEnvelope<PayloadOf<D>>> {
    const queryRunner = manager.queryRunner;
    if (!queryRunner?.isTransactionActive) throw new OutboxTransactionRequiredError(definition.name);
    if (typeof aggregateId !== 'string' || aggregateId.length === 0) {
      throw new InvalidEventPayloadError(definition.name, 'aggregateId must be a non-empty string');
    }
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) throw new InvalidEventPayloadError(definition.name, z.prettifyError(parsed.error));

    const envelope: EventEnvelope<PayloadOf<D>> = {
      id: randomUUID(),
      name: definition.name,
      version: definition.version,
      aggregateId,
      occurredAt: new Date().toISOString(),
      payload: parsed.data as PayloadOf<D>,
    };
    await manager
      .createQueryBuilder()
      .insert()
      .into(OutboxMessageEntity)
      .values({
        id: envelope.id,
        name: envelope.name,
        version: envelope.version,
        aggregateId: envelope.aggregateId,
        occurredAt: new Date(envelope.occurredAt),
        payload: envelope.payload as object,
        attempts: 0,
      })
      .updateEntity(false)
      .execute();
    markOutboxWritten(queryRunner);
    return envelope;
  }
}
