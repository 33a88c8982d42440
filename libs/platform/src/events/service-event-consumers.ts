import { Logger, type OnModuleInit } from '@nestjs/common';
import type { DiscoveryService, ModulesContainer } from '@nestjs/core';
import type { Module } from '@nestjs/core/injector/module.js';
import type { DataSource } from 'typeorm';
import type { EventDefinition } from '@mkt/contracts';
import type { EventBusLifecycle } from './event-bus.lifecycle.js';
import type { EventTransport } from './event-transport.js';
import type { EventHandlerRegistry } from './handler-registry.js';
import { idempotentHandler, type ServiceEventHandler } from './idempotent-handler.js';
import { declaredEventHandlers } from './on-event.decorator.js';
import type { OutboxRelay } from './outbox-relay.js';

export interface ServiceEventsOptions {
  /** Name of the service's TypeORM DataSource (as given to TypeOrmModule.forRootAsync). */
  dataSourceName: string;
  /** Consumer group of the service: each group receives its own copy of every event. */
  consumerGroup: string;
  /**
   * Events the service consumes. When given, start-up fails unless exactly these have a handler.
   * Leave it out only in a service that consumes nothing.
   */
  consumes?: readonly EventDefinition[];
}

/** Injection token of the options given to EventsModule.forService. */
export const SERVICE_EVENTS_OPTIONS = Symbol('ServiceEventsOptions');

/**
 * Wires one service into the bus at module init (before the bus starts): registers its outbox
 * relay and subscribes its @OnEvent handlers, each wrapped to run idempotently in a transaction of
 * the service's DataSource. Handlers are looked up in the providers of the modules that import
 * this service's EventsModule.forService(...), so two services in one process never pick up each
 * other's handlers.
 */
export class ServiceEventConsumers implements OnModuleInit {
  private readonly logger = new Logger(ServiceEventConsumers.name);

  constructor(
    private readonly options: ServiceEventsOptions,
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    private readonly registry: EventHandlerRegistry,
    private readonly lifecycle: EventBusLifecycle,
    private readonly relay: OutboxRelay,
    private readonly discovery: DiscoveryService,
    private readonly modules: ModulesContainer,
  ) {}

  onModuleInit(): void {
    const { consumerGroup, consumes } = this.options;
    const subscribed: string[] = [];
    for (const { instance, className, methodName, definition } of this.discoverHandlers()) {
      this.registry.register(consumerGroup, definition, `${className}.${methodName}`);
      const method = (instance as Record<string, ServiceEventHandler>)[methodName]!.bind(instance);
      this.transport.subscribe(consumerGroup, definition, idempotentHandler(this.dataSource, consumerGroup, method));
      subscribed.push(definition.name);
    }
    if (consumes) this.registry.assertMatchesDeclaration(consumerGroup, consumes);
    this.lifecycle.addRelay(this.relay);
    this.logger.log({ msg: 'service wired to the event bus', consumerGroup, dataSource: this.options.dataSourceName, handles: subscribed });
  }

  private discoverHandlers(): Array<{ instance: object; className: string; methodName: string; definition: EventDefinition }> {
    const importers = this.importingModules();
    const seen = new Set<object>();
    const handlers = [];
    for (const wrapper of this.discovery.getProviders({}, importers)) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || seen.has(instance) || !wrapper.isDependencyTreeStatic()) continue;
      seen.add(instance);
      for (const { definition, methodName } of declaredEventHandlers(instance)) {
        handlers.push({ instance, className: instance.constructor.name, methodName, definition });
      }
    }
    return handlers;
  }

  private importingModules(): Module[] {
    const modules = [...this.modules.values()];
    const host = modules.find((module) => module.getProviderByKey(SERVICE_EVENTS_OPTIONS)?.instance === this.options);
    if (!host) throw new Error('EventsModule.forService: could not find its own module in the container');
    return modules.filter((module) => module.imports.has(host));
  }
}
