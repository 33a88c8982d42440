import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ReadinessRegistry } from '../health/readiness.js';
import { EVENT_TRANSPORT, type EventTransport } from './event-transport.js';
import type { OutboxRelay } from './outbox-relay.js';

/**
 * Starts and stops the bus in the one order that loses nothing: on bootstrap (after every
 * DataSource is initialised and every service has subscribed its handlers) the transport, then the
 * relays; on shutdown the relays first, then the transport, which lets in-flight handlers finish
 * before the DataSources are destroyed (TypeORM closes them in onApplicationShutdown, later).
 */
@Injectable()
export class EventBusLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventBusLifecycle.name);
  private readonly relays: OutboxRelay[] = [];
  private started = false;

  constructor(
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Optional() readiness?: ReadinessRegistry,
  ) {
    readiness?.register({
      name: 'events',
      check: async () => {
        if (!this.started) throw new Error('event bus not started');
        await this.transport.checkConnection?.();
      },
    });
  }

  addRelay(relay: OutboxRelay): void {
    this.relays.push(relay);
    if (this.started) relay.start();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.transport.start();
    for (const relay of this.relays) relay.start();
    this.started = true;
    this.logger.log({ msg: 'event bus started', relays: this.relays.length });
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await Promise.all(this.relays.map((relay) => relay.stop()));
    await this.transport.stop();
    this.logger.log({ msg: 'event bus stopped' });
  }
}
