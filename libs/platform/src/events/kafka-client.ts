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
export type KafkaAdmin = Pick<Admin, 'connect' | 'disconnect' | 'listTopics' | 'createTopics' | 'fetchTopicOffsets' | 'deleteGroups'>;

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
