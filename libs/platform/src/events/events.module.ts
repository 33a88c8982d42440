import { Logger, Module, type DynamicModule, type FactoryProvider, type ModuleMetadata } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, ModulesContainer } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ALL_EVENTS } from '@mkt/contracts';
import type { EventBusConfig } from './event-bus.config.js';
import { EventBusLifecycle } from './event-bus.lifecycle.js';
import { EVENT_TRANSPORT, type EventTransport } from './event-transport.js';
import { createEventTransport } from './event-transport.factory.js';
import { EventHandlerRegistry } from './handler-registry.js';
import { Metrics } from '../metrics/metrics.port.js';
import { backlogMetrics, consumerLagMetrics, deliveryMetrics } from './delivery-metrics.js';
import { OutboxRelay, type OutboxRelaySettings } from './outbox-relay.js';
import { OutboxWriter } from './outbox-writer.js';
import { SERVICE_EVENTS_OPTIONS, ServiceEventConsumers, type ServiceEventsOptions } from './service-event-consumers.js';

/** Transport configuration plus how the services' outbox relays poll and prune. */
export type EventsModuleOptions = EventBusConfig & { relay?: OutboxRelaySettings };

export interface EventsModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  useFactory: (...args: never[]) => EventsModuleOptions | Promise<EventsModuleOptions>;
  inject?: FactoryProvider['inject'];
}

/** Injection token of the resolved EventsModuleOptions. */
export const EVENTS_MODULE_OPTIONS = Symbol('EventsModuleOptions');

/** Kafka topics of every contract event exist before the first publish, even where auto-creation is off. */
function withContractTopics(config: EventBusConfig): EventBusConfig {
  if (config.transport !== 'kafka') return config;
  const topics = new Set([...(config.topics ?? []), ...ALL_EVENTS.map((definition) => definition.name)]);
  return { ...config, topics: [...topics] };
}

/** One service's share of the bus; created by EventsModule.forService. */
@Module({})
export class ServiceEventsModule {}

/**
 * The event bus. The application imports `forRootAsync` once (global: the transport, the handler
 * registry and the start/stop sequence); each service imports `forService` once, in its own module.
 */
@Module({})
export class EventsModule {
  static forRootAsync(options: EventsModuleAsyncOptions): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      imports: [...(options.imports ?? [])],
      providers: [
        { provide: EVENTS_MODULE_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        {
          provide: EVENT_TRANSPORT,
          useFactory: (config: EventsModuleOptions, metrics?: Metrics) => {
            const { relay: _relay, ...transportConfig } = config;
            const transport = createEventTransport(withContractTopics(transportConfig as EventBusConfig));
            if (metrics) {
              transport.observe?.(deliveryMetrics(metrics));
              backlogMetrics(metrics, transport);
              consumerLagMetrics(metrics, transport);
            }
            return transport;
          },
          inject: [EVENTS_MODULE_OPTIONS, { token: Metrics, optional: true }],
        },
        EventHandlerRegistry,
        EventBusLifecycle,
      ],
      exports: [EVENT_TRANSPORT, EVENTS_MODULE_OPTIONS, EventHandlerRegistry, EventBusLifecycle],
    };
  }

  static forRoot(options: EventsModuleOptions): DynamicModule {
    return EventsModule.forRootAsync({ useFactory: () => options });
  }

  /**
   * Gives a service an OutboxWriter for its DataSource, runs that DataSource's OutboxRelay, and
   * subscribes the @OnEvent handlers of the importing module's providers under `consumerGroup`.
   * Needs EventsModule.forRootAsync in the application and the named TypeORM DataSource.
   */
  static forService(options: ServiceEventsOptions): DynamicModule {
    const dataSourceToken = getDataSourceToken(options.dataSourceName);
    return {
      module: ServiceEventsModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: SERVICE_EVENTS_OPTIONS, useValue: options },
        OutboxWriter,
        {
          provide: OutboxRelay,
          useFactory: (dataSource: DataSource, transport: EventTransport, config: EventsModuleOptions) =>
            new OutboxRelay(dataSource, transport, config.relay, new Logger(`OutboxRelay:${options.dataSourceName}`)),
          inject: [dataSourceToken, EVENT_TRANSPORT, EVENTS_MODULE_OPTIONS],
        },
        {
          provide: ServiceEventConsumers,
          useFactory: (
            dataSource: DataSource,
            transport: EventTransport,
            registry: EventHandlerRegistry,
            lifecycle: EventBusLifecycle,
            relay: OutboxRelay,
            discovery: DiscoveryService,
            modules: ModulesContainer,
          ) => new ServiceEventConsumers(options, dataSource, transport, registry, lifecycle, relay, discovery, modules),
          inject: [
            dataSourceToken,
            EVENT_TRANSPORT,
            EventHandlerRegistry,
            EventBusLifecycle,
            OutboxRelay,
            DiscoveryService,
            ModulesContainer,
          ],
        },
      ],
      exports: [OutboxWriter, OutboxRelay],
    };
  }
}
