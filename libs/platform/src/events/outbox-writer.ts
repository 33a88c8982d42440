import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { EventDefinition, EventEnvelope, PayloadOf } from '@mkt/contracts';
import { InvalidEventPayloadError, OutboxTransactionRequiredError } from './event-bus.errors.js';
import { announceOutboxWritten, markOutboxWritten } from './outbox-commit-signal.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';
import { preparedQuery } from '../database/prepared-query.js';
import { activeTraceCarrier } from '../tracing/trace-context.js';
import { quotedTable } from './sql-identifier.js';

/**
 * A business write as common table expressions (`"name" AS (...), ...`, without WITH) and the
 * name of the one whose rows say the write was accepted.
 */
export interface OutboxStatement {
  with: string;
  accepted: string;
  params: unknown[];
}

/** One event a statement may write. */
export interface OutboxEventInput<D extends EventDefinition = EventDefinition> {
  definition: D;
  aggregateId: string;
  payload: z.input<D['schema']>;
}

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
    const envelope = this.envelope(definition, aggregateId, payload);
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
        traceContext: envelope.traceContext ?? null,
        attempts: 0,
      })
      .updateEntity(false)
      .execute();
    markOutboxWritten(queryRunner);
    return envelope;
  }

  /**
   * Runs a business write and its events' outbox rows as one SQL statement, which PostgreSQL makes
   * atomic without BEGIN and COMMIT: one round trip instead of four, prepared once per connection,
   * for writes made hundreds of times a second (judges' scores, which also come several to a
   * statement). The `accepted` expression has an integer column `"event"`: each of its rows accepts
   * the write of `events[event]`, and only accepted events are written. Returns the accepted indexes.
   */
  async addInStatement(dataSource: DataSource, statement: OutboxStatement, events: readonly OutboxEventInput[]): Promise<Set<number>> {
    const envelopes = events.map((event) => this.envelope(event.definition, event.aggregateId, event.payload));
    const accepted = `"${statement.accepted.replaceAll('"', '""')}"`;
    const rows = await preparedQuery<{ event: number }>(
      dataSource,
      `WITH ${statement.with},
       "outbox_events" AS (
         INSERT INTO ${quotedTable(dataSource, OutboxMessageEntity)} ("id", "name", "version", "aggregate_id", "occurred_at", "payload", "trace_context", "attempts")
         SELECT (e."value"->>'id')::uuid, e."value"->>'name', (e."value"->>'version')::int, e."value"->>'aggregateId', (e."value"->>'occurredAt')::timestamptz, e."value"->'payload', e."value"->'traceContext', 0
           FROM jsonb_array_elements($${statement.params.length + 1}::jsonb) WITH ORDINALITY AS e("value", "ordinality")
          WHERE e."ordinality" - 1 IN (SELECT "event" FROM ${accepted})
          ORDER BY e."ordinality"
         RETURNING 1)
       SELECT DISTINCT "event" FROM ${accepted}`,
      [...statement.params, JSON.stringify(envelopes)],
    );
    if (rows.length > 0) announceOutboxWritten(dataSource);
    return new Set(rows.map((row) => row.event));
  }

  private envelope<D extends EventDefinition>(definition: D, aggregateId: string, payload: z.input<D['schema']>): EventEnvelope<PayloadOf<D>> {
    if (typeof aggregateId !== 'string' || aggregateId.length === 0) {
      throw new InvalidEventPayloadError(definition.name, 'aggregateId must be a non-empty string');
    }
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) throw new InvalidEventPayloadError(definition.name, z.prettifyError(parsed.error));
    const traceContext = activeTraceCarrier();
    return {
      id: randomUUID(),
      name: definition.name,
      version: definition.version,
      aggregateId,
      occurredAt: new Date().toISOString(),
      payload: parsed.data as PayloadOf<D>,
      ...(traceContext ? { traceContext } : {}),
    };
  }
}
