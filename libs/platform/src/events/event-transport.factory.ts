import { Logger, type LoggerService } from '@nestjs/common';
import { eventBusConfigSchema, parseEventBusConfig, type EventBusConfig } from './event-bus.config.js';
import type { EventTransport } from './event-transport.js';
import { KafkaEventTransport } from './kafka-event-transport.js';
import { PostgresEventTransport } from './postgres-event-transport.js';

/** Picks the adapter from configuration only; business code never knows which one runs. */
export function createEventTransport(config: EventBusConfig, logger?: LoggerService): EventTransport {
  const settings = parseEventBusConfig(eventBusConfigSchema, config);
  switch (settings.transport) {
    case 'postgres':
      return new PostgresEventTransport(settings, logger ?? new Logger(PostgresEventTransport.name));
    case 'kafka':
      return new KafkaEventTransport(settings, logger ?? new Logger(KafkaEventTransport.name));
  }
}
