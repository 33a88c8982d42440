import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { EventEnvelope } from '@mkt/contracts';
import type { DeadLetter, DeadLetterReason } from './event-transport.js';

/** Header names on the wire; consumers in other languages can route on them without parsing the value. */
export const KAFKA_HEADERS = {
  eventName: 'event-name',
  eventVersion: 'event-version',
  eventId: 'event-id',
  /** Set on a re-driven event: only this consumer group handles it, the others already did. */
  redriveFor: 'redrive-for',
  deadLetterGroup: 'dead-letter-consumer-group',
  deadLetterReason: 'dead-letter-reason',
  deadLetterError: 'dead-letter-error',
  deadLetterAttempts: 'dead-letter-attempts',
  deadLetterAt: 'dead-letter-at',
  deadLetterSourceTopic: 'dead-letter-source-topic',
} as const;

/** Topic = event name: one log per event type, so each consumer group subscribes to what it handles. */
export function eventTopic(eventName: string): string {
  return eventName;
}

export function deadLetterTopic(eventName: string): string {
  return `${eventTopic(eventName)}.dlq`;
}

/** Key = aggregate id: Kafka keeps one aggregate's events in order on one partition. */
export function envelopeMessage(envelope: EventEnvelope, extraHeaders: Record<string, string> = {}): Message {
  return {
    key: envelope.aggregateId,
    value: JSON.stringify(envelope),
    headers: {
      [KAFKA_HEADERS.eventName]: envelope.name,
      [KAFKA_HEADERS.eventVersion]: String(envelope.version),
      [KAFKA_HEADERS.eventId]: envelope.id,
      ...extraHeaders,
    },
  };
}

export interface DeadLetterDetails {
  consumerGroup: string;
  sourceTopic: string;
  reason: DeadLetterReason;
  error: string;
  attempts: number;
}

/** The original bytes, key and headers, plus why and for whom it was parked. */
export function deadLetterMessage(original: KafkaMessage, details: DeadLetterDetails): Message {
  return {
    key: original.key,
    value: original.value,
    headers: {
      ...(original.headers ?? {}),
      [KAFKA_HEADERS.deadLetterGroup]: details.consumerGroup,
      [KAFKA_HEADERS.deadLetterReason]: details.reason,
      [KAFKA_HEADERS.deadLetterError]: details.error.slice(0, 4000),
      [KAFKA_HEADERS.deadLetterAttempts]: String(details.attempts),
      [KAFKA_HEADERS.deadLetterAt]: new Date().toISOString(),
      [KAFKA_HEADERS.deadLetterSourceTopic]: details.sourceTopic,
    },
  };
}

export function headerValue(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

export function parseJson(value: Buffer | null): unknown {
  if (value === null) return undefined;
  try {
    return JSON.parse(value.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function toDeadLetter(message: KafkaMessage, fallbackEventName: string): DeadLetter {
  const envelope = parseJson(message.value);
  const fromEnvelope = (key: string): string | undefined => {
    const value = envelope && typeof envelope === 'object' ? (envelope as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const headers = message.headers;
  return {
    consumerGroup: headerValue(headers, KAFKA_HEADERS.deadLetterGroup) ?? '',
    eventId: headerValue(headers, KAFKA_HEADERS.eventId) ?? fromEnvelope('id') ?? '',
    eventName: headerValue(headers, KAFKA_HEADERS.eventName) ?? fromEnvelope('name') ?? fallbackEventName,
    envelope: envelope ?? message.value?.toString('utf8') ?? null,
    attempts: Number(headerValue(headers, KAFKA_HEADERS.deadLetterAttempts) ?? 0),
    reason: (headerValue(headers, KAFKA_HEADERS.deadLetterReason) ?? 'handler-failed') as DeadLetterReason,
    lastError: headerValue(headers, KAFKA_HEADERS.deadLetterError) ?? null,
    deadAt: headerValue(headers, KAFKA_HEADERS.deadLetterAt) ?? new Date(Number(message.timestamp)).toISOString(),
  };
}
