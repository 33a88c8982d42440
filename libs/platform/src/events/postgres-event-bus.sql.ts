import { quoteIdentifier } from './sql-identifier.js';

/**
 * SQL of the PostgreSQL transport, all in one schema (default `eventbus`):
 * - subscription: which consumer groups receive which event (durable, so events published while a
 *   consumer is down wait for it);
 * - delivery: one row per (consumer group, event) still to handle. A worker claims rows with
 *   FOR UPDATE SKIP LOCKED, which pushes `available_at` one visibility timeout ahead and stamps a
 *   lease; success deletes the row, failure reschedules it, and a consumer that dies mid-handling
 *   simply lets `available_at` pass, so another worker claims it again;
 * - dead_letter: deliveries that failed too often or were invalid, kept for ops to inspect and re-drive.
 */
export class PostgresEventBusSql {
  readonly schema: string;
  /** LISTEN/NOTIFY channel: payload is the consumer group that has new deliveries. */
  readonly channel: string;

  constructor(schemaName: string) {
    this.schema = quoteIdentifier(schemaName);
    this.channel = quoteIdentifier(`${schemaName}_delivery`);
  }

  get channelName(): string {
    return this.channel.slice(1, -1);
  }

  /** Idempotent, run at every start under an advisory lock so replicas can start together. */
  migration(): string[] {
    const s = this.schema;
    return [
      `CREATE SCHEMA IF NOT EXISTS ${s}`,
      `CREATE TABLE IF NOT EXISTS ${s}.subscription (
        consumer_group text NOT NULL,
        event_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_name, consumer_group)
      )`,
      `CREATE TABLE IF NOT EXISTS ${s}.delivery (
        consumer_group text NOT NULL,
        event_id uuid NOT NULL,
        event_name text NOT NULL,
        envelope jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        available_at timestamptz NOT NULL DEFAULT now(),
        lease uuid,
        last_error text,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        created_at timestamptz NOT NULL DEFAULT now(),
        aggregate_id text,
        PRIMARY KEY (consumer_group, event_id)
      )`,
      `CREATE INDEX IF NOT EXISTS delivery_claim_idx ON ${s}.delivery (consumer_group, available_at, seq)`,
      // One aggregate's deliveries are claimed one at a time, oldest first. Added to tables made
      // before it only when missing: ALTER TABLE locks out every consumer, and processes start
      // while others of the same bus are claiming.
      `DO $$ BEGIN
         IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('${s}.delivery') AND attname = 'aggregate_id' AND NOT attisdropped) THEN
           ALTER TABLE ${s}.delivery ADD COLUMN aggregate_id text;
         END IF;
         IF to_regclass('${s}.delivery_aggregate_idx') IS NULL THEN
           CREATE INDEX delivery_aggregate_idx ON ${s}.delivery (consumer_group, aggregate_id, seq);
         END IF;
       END $$`,
      `CREATE TABLE IF NOT EXISTS ${s}.dead_letter (
        consumer_group text NOT NULL,
        event_id uuid NOT NULL,
        event_name text NOT NULL,
        envelope jsonb NOT NULL,
        attempts integer NOT NULL,
        reason text NOT NULL,
        last_error text,
        dead_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer_group, event_id)
      )`,
      `CREATE INDEX IF NOT EXISTS dead_letter_dead_at_idx ON ${s}.dead_letter (dead_at DESC)`,
    ];
  }

  /** $1 = lock key text. */
  readonly migrationLock = `SELECT pg_advisory_xact_lock(hashtext($1))`;

  /** $1 consumer group, $2 event name. */
  get subscribe(): string {
    return `INSERT INTO ${this.schema}.subscription (consumer_group, event_name) VALUES ($1, $2) ON CONFLICT DO NOTHING`;
  }

  /** $1 consumer group, $2 handled event names: subscriptions this process has no handler for. */
  get orphanSubscriptions(): string {
    return `SELECT event_name FROM ${this.schema}.subscription WHERE consumer_group = $1 AND NOT (event_name = ANY($2::text[]))`;
  }

  /**
   * Fans a batch out to every subscribed group in one statement (all groups or none), keeping the
   * batch's order, then wakes the groups' workers. $1 = jsonb array of envelopes, $2 = channel.
   * A pending duplicate (same group and event id) is ignored.
   */
  get publish(): string {
    const s = this.schema;
    return `
      WITH events AS (
        SELECT e.value AS envelope, e.value->>'name' AS event_name, (e.value->>'id')::uuid AS event_id, e.ordinality
        FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, ordinality)
      ), inserted AS (
        INSERT INTO ${s}.delivery (consumer_group, event_id, event_name, envelope, aggregate_id)
        SELECT sub.consumer_group, events.event_id, events.event_name, events.envelope, events.envelope->>'aggregateId'
        FROM events JOIN ${s}.subscription sub ON sub.event_name = events.event_name
        ORDER BY events.ordinality
        ON CONFLICT DO NOTHING
        RETURNING consumer_group
      )
      SELECT pg_notify($2, groups.consumer_group) FROM (SELECT DISTINCT consumer_group FROM inserted) groups`;
  }

  /**
   * Claims up to $2 due deliveries of group $1 for events in $3, for $4 seconds, under lease $5.
   * Each claim counts as an attempt, so a delivery that keeps killing its consumer still runs out.
   * Only an aggregate's oldest delivery is claimable: its later events wait while it runs or waits
   * for a retry, so one order's events are applied in the order they happened (as Kafka keeps a
   * partition's order), while different aggregates run side by side. Deliveries of events no
   * handler here takes (a subscription left behind) hold nothing back.
   */
  get claim(): string {
    const s = this.schema;
    return `
      WITH due AS (
        SELECT d.consumer_group, d.event_id FROM ${s}.delivery d
        WHERE d.consumer_group = $1 AND d.available_at <= now() AND d.event_name = ANY($3::text[])
          AND NOT EXISTS (
            SELECT 1 FROM ${s}.delivery earlier
            WHERE earlier.consumer_group = d.consumer_group AND earlier.aggregate_id = d.aggregate_id AND earlier.seq < d.seq
              AND earlier.event_name = ANY($3::text[]))
        ORDER BY d.available_at, d.seq
        LIMIT $2
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${s}.delivery d
      SET attempts = d.attempts + 1, available_at = now() + $4 * interval '1 second', lease = $5
      FROM due
      WHERE d.consumer_group = due.consumer_group AND d.event_id = due.event_id
      RETURNING d.event_id, d.event_name, d.envelope, d.attempts, d.last_error`;
  }

  /** $1 group, $2 event id, $3 lease, $4 seconds. */
  get extendLease(): string {
    return `UPDATE ${this.schema}.delivery SET available_at = now() + $4 * interval '1 second'
            WHERE consumer_group = $1 AND event_id = $2 AND lease = $3`;
  }

  /** $1 group, $2 event id, $3 lease. */
  /** Waiting deliveries of groups $1 (text[]), per group and event: only unsettled rows are kept. */
  get backlog(): string {
    return `SELECT consumer_group, event_name, count(*)::int AS pending FROM ${this.schema}.delivery
             WHERE consumer_group = ANY($1::text[]) GROUP BY consumer_group, event_name`;
  }

  get acknowledge(): string {
    return `DELETE FROM ${this.schema}.delivery WHERE consumer_group = $1 AND event_id = $2 AND lease = $3`;
  }

  /** $1 group, $2 event id, $3 lease, $4 delay seconds, $5 error. */
  get retryLater(): string {
    return `UPDATE ${this.schema}.delivery
            SET available_at = now() + $4 * interval '1 second', lease = NULL, last_error = $5
            WHERE consumer_group = $1 AND event_id = $2 AND lease = $3`;
  }

  /** Moves a claimed delivery to the dead letters. $1 group, $2 event id, $3 lease, $4 reason, $5 error. */
  get deadLetter(): string {
    const s = this.schema;
    return `
      WITH moved AS (
        DELETE FROM ${s}.delivery WHERE consumer_group = $1 AND event_id = $2 AND lease = $3
        RETURNING consumer_group, event_id, event_name, envelope, attempts
      )
      INSERT INTO ${s}.dead_letter (consumer_group, event_id, event_name, envelope, attempts, reason, last_error)
      SELECT consumer_group, event_id, event_name, envelope, attempts, $4, $5 FROM moved
      ON CONFLICT (consumer_group, event_id) DO UPDATE
      SET envelope = EXCLUDED.envelope, attempts = EXCLUDED.attempts, reason = EXCLUDED.reason,
          last_error = EXCLUDED.last_error, dead_at = now()`;
  }

  /** $1 group or null, $2 event name or null, $3 limit. */
  get listDeadLetters(): string {
    return `SELECT consumer_group, event_id, event_name, envelope, attempts, reason, last_error, dead_at
            FROM ${this.schema}.dead_letter
            WHERE ($1::text IS NULL OR consumer_group = $1) AND ($2::text IS NULL OR event_name = $2)
            ORDER BY dead_at DESC, event_id LIMIT $3`;
  }

  /** Back to the group's deliveries with a fresh attempt count. $1 group, $2 event id, $3 channel. */
  get redrive(): string {
    const s = this.schema;
    return `
      WITH moved AS (
        DELETE FROM ${s}.dead_letter WHERE consumer_group = $1 AND event_id = $2
        RETURNING consumer_group, event_id, event_name, envelope
      ), inserted AS (
        INSERT INTO ${s}.delivery (consumer_group, event_id, event_name, envelope)
        SELECT consumer_group, event_id, event_name, envelope FROM moved
        ON CONFLICT DO NOTHING
      )
      SELECT pg_notify($3, consumer_group) FROM moved`;
  }
}
