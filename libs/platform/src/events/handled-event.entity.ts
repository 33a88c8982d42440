import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Marks an event as applied by one consumer. Inserted in the same transaction as the handler's
 * writes, so a redelivered event finds its row and is skipped. No schema in the decorator: each
 * consuming service keeps its own in the schema of its DataSource.
 */
@Entity('handled_events')
export class HandledEventEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'handled_events_pkey' })
  consumer: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'handled_events_pkey' })
  eventId: string;

  @CreateDateColumn({ name: 'handled_at', type: 'timestamptz' })
  handledAt: Date;
}
