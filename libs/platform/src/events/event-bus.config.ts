import { z } from 'zod';

/** Settings shared by both adapters: how failures are retried and when a delivery is given up. */
const deliverySettings = {
  /** Failed attempts after which an event is dead-lettered (the first delivery counts). */
  retryLimit: z.number().int().min(1).default(5),
  /** Back-off before the second attempt; doubles after each further failure. */
  retryDelaySeconds: z.number().min(0).default(1),
  maxRetryDelaySeconds: z.number().min(0).default(300),
  /**
   * Handlers run at the same time per consumer group in this process (Kafka: partitions at once).
   * One aggregate's events never run at once or out of order, whatever this is.
   */
  concurrency: z.number().int().min(1).default(4),
};

export const postgresEventBusConfigSchema = z.object({
  transport: z.literal('postgres'),
  connectionString: z.string().min(1),
  /** Schema of the transport's own tables. */
  schema: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,40}$/).default('eventbus'),
  /**
   * A claimed delivery not acknowledged within this time (the consumer crashed) is delivered
   * again. Live handlers extend their claim, so a slow handler is not duplicated.
   */
  visibilityTimeoutSeconds: z.number().positive().default(30),
  /** Fallback poll; new events normally wake workers through LISTEN/NOTIFY. */
  pollIntervalMs: z.number().int().min(10).default(500),
  poolSize: z.number().int().min(2).default(10),
  /** How long stop() waits for in-flight handlers before leaving their events to be redelivered. */
  shutdownTimeoutMs: z.number().int().min(0).default(25_000),
  ...deliverySettings,
});

export const kafkaEventBusConfigSchema = z.object({
  transport: z.literal('kafka'),
  brokers: z.array(z.string().min(1)).min(1),
  clientId: z.string().min(1),
  /**
   * Consumer session timeout: a crashed consumer's partitions move to another member after it,
   * and its uncommitted events are delivered again. Kafka brokers refuse less than 6 s by default.
   */
  visibilityTimeoutSeconds: z.number().positive().default(30),
  /** Topics created at start besides the subscribed ones (with their `.dlq`), e.g. every published event. */
  topics: z.array(z.string().min(1)).default([]),
  numPartitions: z.number().int().min(1).optional(),
  /** How often the consumer groups' lag is read from the broker (metrics). */
  consumerLagIntervalSeconds: z.number().positive().default(30),
  replicationFactor: z.number().int().min(1).optional(),
  ssl: z.boolean().optional(),
  sasl: z
    .object({ mechanism: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']), username: z.string(), password: z.string() })
    .optional(),
  ...deliverySettings,
});

export const eventBusConfigSchema = z.discriminatedUnion('transport', [postgresEventBusConfigSchema, kafkaEventBusConfigSchema]);

/** What configuration passes in (defaults omitted). */
export type PostgresEventBusConfig = z.input<typeof postgresEventBusConfigSchema>;
export type KafkaEventBusConfig = z.input<typeof kafkaEventBusConfigSchema>;
export type EventBusConfig = z.input<typeof eventBusConfigSchema>;

/** Validated, with defaults applied. */
export type PostgresEventBusSettings = z.output<typeof postgresEventBusConfigSchema>;
export type KafkaEventBusSettings = z.output<typeof kafkaEventBusConfigSchema>;

/** Validates once, at start, and names the offending field instead of failing later. */
export function parseEventBusConfig<S extends z.ZodType>(schema: S, config: unknown): z.output<S> {
  const parsed = schema.safeParse(config);
  if (!parsed.success) throw new Error(`Invalid event bus configuration: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
