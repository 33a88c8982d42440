import type { KafkaClient } from './kafka-client.js';
import type { DeadLetter } from './event-transport.js';
import { toDeadLetter } from './kafka-messages.js';

export interface DeadLetterReadRequest {
  topics: string[];
  /** A throwaway group, so reading never moves any real consumer's offsets. */
  readerGroupId: string;
  timeoutMs?: number;
}

/**
 * Reads the DLQ topics from their start up to their current end with a throwaway consumer group.
 * Kafka has no "list" operation; this is the ops view, not a hot path.
 */
export async function readDeadLetters(kafka: KafkaClient, request: DeadLetterReadRequest): Promise<DeadLetter[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ends = new Map<string, bigint>();
    for (const topic of request.topics) {
      let offsets: Array<{ partition: number; high: string; low: string }>;
      try {
        offsets = await admin.fetchTopicOffsets(topic);
      } catch {
        continue; // no dead letters were ever written for this event
      }
      for (const { partition, high, low } of offsets) {
        if (BigInt(high) > BigInt(low)) ends.set(`${topic}:${partition}`, BigInt(high));
      }
    }
    if (ends.size === 0) return [];

    const letters: DeadLetter[] = [];
    const consumer = kafka.consumer({ groupId: request.readerGroupId });
    await consumer.connect();
    try {
      const topics = [...new Set([...ends.keys()].map((key) => key.slice(0, key.lastIndexOf(':'))))];
      await consumer.subscribe({ topics, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`reading dead letters timed out after ${request.timeoutMs ?? 15_000} ms`)),
          request.timeoutMs ?? 15_000,
        );
        const remaining = new Set(ends.keys());
        consumer
          .run({
            eachMessage: async ({ topic, partition, message }) => {
              const key = `${topic}:${partition}`;
              const end = ends.get(key);
              if (end === undefined || BigInt(message.offset) >= end) return;
              letters.push(toDeadLetter(message, topic.replace(/\.dlq$/, '')));
              if (BigInt(message.offset) + 1n >= end) remaining.delete(key);
              if (remaining.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch((error: unknown) => {
            clearTimeout(timer);
            reject(error);
          });
      });
    } finally {
      await consumer.disconnect();
      await admin.deleteGroups([request.readerGroupId]).catch(() => undefined);
    }
    return letters;
  } finally {
    await admin.disconnect();
  }
}
