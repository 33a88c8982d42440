import type { LoggerService } from '@nestjs/common';
import type { ConsumerLag } from './event-transport.js';
import type { KafkaAdminConnection } from './kafka-client.js';

/** A consumer group and the topics it reads. */
export interface GroupTopics {
  consumerGroup: string;
  topics: readonly string[];
}

/**
 * One group's lag on one topic: per partition, the end offset minus the committed one (from the
 * log start for a partition the group never committed: it reads from the beginning), summed.
 */
export function topicLag(
  committed: ReadonlyArray<{ partition: number; offset: string }>,
  ends: ReadonlyArray<{ partition: number; high: string; low: string }>,
): number {
  const committedBy = new Map(committed.map((entry) => [entry.partition, Number(entry.offset)]));
  let lag = 0;
  for (const end of ends) {
    const offset = committedBy.get(end.partition) ?? -1;
    const from = offset >= 0 ? offset : Number(end.low);
    lag += Math.max(0, Number(end.high) - from);
  }
  return lag;
}

/**
 * Reads the lag of this process's consumer groups every interval (committed offsets of each
 * group, end offsets of each topic once per round) and keeps the last round's answer for the
 * metrics scrape. A round that fails (the broker is down) leaves no answer: the series disappear
 * until the broker is back (readiness reports the outage; the first failure of a streak is logged).
 */
export class KafkaConsumerLagPoller {
  private latest: ConsumerLag[] = [];
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;
  private failing = false;

  constructor(
    private readonly admin: KafkaAdminConnection,
    private readonly groups: readonly GroupTopics[],
    private readonly intervalMs: number,
    private readonly logger: Pick<LoggerService, 'warn'>,
  ) {}

  start(): void {
    if (this.groups.length === 0) return;
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.intervalMs).unref();
  }

  /** No further rounds; one under way is not waited for (closing the admin connection ends it). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  current(): ConsumerLag[] {
    return this.latest;
  }

  /** One round; a round still running is joined, not doubled. */
  poll(): Promise<void> {
    this.polling ??= this.read()
      .then((lags) => {
        this.latest = lags;
        this.failing = false;
      })
      .catch((error: unknown) => {
        this.latest = [];
        // Once per streak: during an outage every round fails.
        if (!this.failing) this.logger.warn({ msg: 'consumer lag not read', error: error instanceof Error ? error.message : String(error) });
        this.failing = true;
      })
      .finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async read(): Promise<ConsumerLag[]> {
    const admin = await this.admin.get();
    const topics = [...new Set(this.groups.flatMap((group) => group.topics))];
    const ends = new Map(await Promise.all(topics.map(async (topic) => [topic, await admin.fetchTopicOffsets(topic)] as const)));
    const lags = await Promise.all(
      this.groups.map(async ({ consumerGroup, topics: groupTopics }) => {
        const committed = await admin.fetchOffsets({ groupId: consumerGroup, topics: [...groupTopics] });
        return groupTopics.map((topic) => ({
          consumerGroup,
          topic,
          lag: topicLag(committed.find((entry) => entry.topic === topic)?.partitions ?? [], ends.get(topic) ?? []),
        }));
      }),
    );
    return lags.flat();
  }
}
