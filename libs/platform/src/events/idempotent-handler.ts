import type { DataSource, EntityManager } from 'typeorm';
import type { EventDefinition, EventEnvelope, PayloadOf } from '@mkt/contracts';
import type { TransportEventHandler } from './event-transport.js';
import { HandledEventEntity } from './handled-event.entity.js';
import { quotedTable } from './sql-identifier.js';

export interface EventHandlerContext<P = unknown> {
  envelope: EventEnvelope<P>;
  /** Manager of the transaction that also records the event as handled: write through it. */
  manager: EntityManager;
  consumerGroup: string;
}

export type ServiceEventHandler<D extends EventDefinition = EventDefinition> = (
  payload: PayloadOf<D>,
  context: EventHandlerContext<PayloadOf<D>>,
) => Promise<void>;

/**
 * Wraps a service's handler so its effect is applied once however often the event is delivered:
 * the `handled_events` row and the handler's writes commit in one transaction on the consumer's
 * DataSource. A redelivery finds the row and does nothing; a failure or crash rolls both back and
 * the transport delivers again. Two concurrent deliveries serialise on the primary key: the second
 * waits for the first to commit, then skips.
 */
export function idempotentHandler<D extends EventDefinition>(
  dataSource: DataSource,
  consumerGroup: string,
  handler: ServiceEventHandler<D>,
): TransportEventHandler {
  return async (envelope) => {
    const handledEvents = quotedTable(dataSource, HandledEventEntity);
    await dataSource.transaction(async (manager) => {
      const recorded: unknown[] = await manager.query(
        `INSERT INTO ${handledEvents} ("consumer", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [consumerGroup, envelope.id],
      );
      if (recorded.length === 0) return;
      await handler(envelope.payload as PayloadOf<D>, {
        envelope: envelope as EventEnvelope<PayloadOf<D>>,
        manager,
        consumerGroup,
      });
    });
  };
}
