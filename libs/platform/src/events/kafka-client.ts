import kafkajs from 'kafkajs';
import type { Admin, Consumer, ConsumerConfig, KafkaConfig, LogEntry, Producer, ProducerConfig } from 'kafkajs';
import type { LoggerService } from '@nestjs/common';

/** The part of kafkajs the transport uses, so tests can hand it an in-memory fake. */
export interface KafkaClient {
  producer(config?: ProducerConfig): KafkaProducer;
  consumer(config: ConsumerConfig): KafkaConsumer;
  admin(): KafkaAdmin;
}
export type KafkaProducer = Pick<Producer, 'connect' | 'disconnect' | 'sendBatch'>;
export type KafkaConsumer = Pick<Consumer, 'connect' | 'disconnect' | 'subscribe' | 'run' | 'stop'>;
export type KafkaAdmin = Pick<
  Admin,
  'connect' | 'disconnect' | 'listTopics' | 'createTopics' | 'fetchTopicOffsets' | 'fetchOffsets' | 'deleteGroups' | 'describeCluster'
>;

/** A real kafkajs client whose own logs go through the Nest logger, as structured entries. */
export function createKafkaClient(config: KafkaConfig, logger: LoggerService): KafkaClient {
  const { Kafka, logLevel } = kafkajs;
  return new Kafka({
    ...config,
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...details } = entry.log;
      const structured = { msg: message, kafkaNamespace: entry.namespace, ...details };
      if (entry.level <= logLevel.ERROR) logger.error(structured);
      else if (entry.level === logLevel.WARN) logger.warn(structured);
      else logger.log(structured);
    },
  });
}

/**
 * One admin connection kept open for the readiness check and the lag poll, connected on first use.
 * After a broker outage kafkajs reconnects on the next request; a failed connect is tried again on
 * the next use. Once closed it stays closed, so a late caller cannot open a connection nobody closes.
 */
export class KafkaAdminConnection {
  private admin?: KafkaAdmin;
  private connecting?: Promise<KafkaAdmin>;
  private closed = false;

  constructor(private readonly kafka: KafkaClient) {}

  get(): Promise<KafkaAdmin> {
    if (this.closed) return Promise.reject(new Error('the kafka admin connection is closed'));
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    const admin = this.admin;
    this.admin = undefined;
    this.connecting = undefined;
    await admin?.disconnect().catch(() => undefined);
  }

  private async connect(): Promise<KafkaAdmin> {
    const admin = (this.admin ??= this.kafka.admin());
    await admin.connect();
    return admin;
  }
}
