import { Column, CreateDateColumn, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/**
 * One event waiting in (or already relayed from) a service's transactional outbox.
 * No schema in the decorator: the row lives in the schema of the DataSource that registers it,
 * so every service gets its own outbox.
 */
@Entity('outbox')
@Index('outbox_unpublished_idx', ['position'], { where: '"published_at" IS NULL' })
@Index('outbox_published_at_idx', ['publishedAt'], { where: '"published_at" IS NOT NULL' })
export class OutboxMessageEntity {
  /** The event id: a relay that publishes twice publishes the same id, which consumers dedupe. */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'outbox_pkey' })
  id: string;

  /**
   * Insertion order. Timestamps tie inside one transaction (and `now()` is the transaction's
   * start), so the relay orders by this instead.
   */
  @Column('bigint')
  @Generated('increment')
  position: string;

  @Column('text')
  name: string;

  @Column('int')
  version: number;

  @Column({ name: 'aggregate_id', type: 'text' })
  aggregateId: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column('jsonb')
  payload: object;

  /** W3C trace context of the work that wrote the event (EventEnvelope.traceContext). */
  @Column({ name: 'trace_context', type: 'jsonb', nullable: true })
  traceContext: Record<string, string> | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  /** Failed relay attempts, for ops to spot an event the transport keeps refusing. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
