export * from './event-transport.js';
export * from './event-bus.config.js';
export * from './event-bus.errors.js';
export * from './event-transport.factory.js';
export { PostgresEventTransport } from './postgres-event-transport.js';
export { KafkaEventTransport } from './kafka-event-transport.js';
export type { KafkaClient, KafkaProducer, KafkaConsumer, KafkaAdmin } from './kafka-client.js';
export { KAFKA_HEADERS, deadLetterTopic, eventTopic } from './kafka-messages.js';
export { OutboxMessageEntity } from './outbox-message.entity.js';
export { HandledEventEntity } from './handled-event.entity.js';
export { eventTablesMigrationSql, outboxTraceContextMigrationSql } from './event-tables.migration.js';
export { OutboxTraceContext1765600000000 } from './outbox-trace-context.migration.js';
export { OutboxWriter, type OutboxEventInput, type OutboxStatement } from './outbox-writer.js';
export { OutboxRelay, type OutboxRelaySettings } from './outbox-relay.js';
export { EventHandlerRegistry } from './handler-registry.js';
export { idempotentHandler, type EventHandlerContext, type ServiceEventHandler } from './idempotent-handler.js';
export { OnEvent } from './on-event.decorator.js';
export { checkEnvelope, type EnvelopeCheck } from './envelope-check.js';
export { SERVICE_EVENTS_OPTIONS, type ServiceEventsOptions } from './service-event-consumers.js';
export { EventBusLifecycle } from './event-bus.lifecycle.js';
export {
  EventsModule,
  ServiceEventsModule,
  EVENTS_MODULE_OPTIONS,
  type EventsModuleOptions,
  type EventsModuleAsyncOptions,
} from './events.module.js';
