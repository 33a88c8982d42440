import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { UserRegistered, UserUpdatedByStaff, type PayloadOf } from '@mkt/contracts';
import { DuplicateEventHandlerError, MissingEventHandlerError } from './event-bus.errors.js';
import { EVENT_TRANSPORT, type EventTransport } from './event-transport.js';
import { EventsModule } from './events.module.js';
import { HandledEventEntity } from './handled-event.entity.js';
import { EventHandlerRegistry } from './handler-registry.js';
import type { EventHandlerContext } from './idempotent-handler.js';
import { OnEvent } from './on-event.decorator.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';
import { OutboxWriter } from './outbox-writer.js';
import { createConsumerDatabase, recordEffect, type ConsumerDatabase } from './testing/consumer-database.js';
import { RecordingLogger } from './testing/recording-logger.js';
import { waitFor } from './testing/wait-for.js';

let db: ConsumerDatabase;

beforeAll(async () => {
  db = await createConsumerDatabase(['identity', 'catalogue'], 'module');
  await db.query(`CREATE TABLE identity.users (id uuid PRIMARY KEY, email text NOT NULL)`);
});

afterAll(async () => {
  await db?.close();
});

/* A miniature of two services sharing one process, as in the single-machine mode. */

@Injectable()
class RegistrationService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  register(email: string, options: { failAfterWrite?: boolean } = {}) {
    return this.dataSource.transaction(async (manager) => {
      const userId = randomUUID();
      await manager.query(`INSERT INTO identity.users (id, email) VALUES ($1, $2)`, [userId, email]);
      const envelope = await this.outbox.add(manager, UserRegistered, userId, {
        userId,
        accountKind: 'email',
        gid: 1001,
        registeredAt: new Date().toISOString(),
      });
      if (options.failAfterWrite) throw new Error('registration rejected after the event was written');
      return envelope;
    });
  }
}

@Injectable()
class IdentityAuditHandlers {
  @OnEvent(UserUpdatedByStaff)
  async onUserUpdated(): Promise<void> {}
}

@Injectable()
class CatalogueUserHandlers {
  @OnEvent(UserRegistered)
  async onUserRegistered(payload: PayloadOf<typeof UserRegistered>, { envelope, manager, consumerGroup }: EventHandlerContext): Promise<void> {
    await recordEffect(manager, 'catalogue', consumerGroup, envelope.id, payload.userId);
  }
}

@Injectable()
class SecondCatalogueUserHandlers {
  @OnEvent(UserRegistered)
  async alsoOnUserRegistered(): Promise<void> {}
}

@Module({
  imports: [EventsModule.forService({ dataSourceName: 'identity', consumerGroup: 'identity', consumes: [UserUpdatedByStaff] })],
  providers: [RegistrationService, IdentityAuditHandlers],
})
class IdentityModule {}

function catalogueModule(options: { handlers: Array<new (...args: never[]) => object>; consumes: Parameters<typeof EventsModule.forService>[0]['consumes'] }): DynamicModule {
  @Module({})
  class CatalogueModule {}
  return {
    module: CatalogueModule,
    imports: [EventsModule.forService({ dataSourceName: 'catalogue', consumerGroup: 'catalogue', consumes: options.consumes })],
    providers: options.handlers,
  };
}

function dataSourceModule(schema: 'identity' | 'catalogue'): DynamicModule {
  return TypeOrmModule.forRoot({
    name: schema,
    type: 'postgres',
    url: db.url,
    schema,
    entities: [OutboxMessageEntity, HandledEventEntity],
    poolSize: 4,
  });
}

async function buildApp(catalogue: DynamicModule): Promise<TestingModule> {
  return Test.createTestingModule({
    imports: [
      dataSourceModule('identity'),
      dataSourceModule('catalogue'),
      EventsModule.forRootAsync({
        useFactory: () => ({
          transport: 'postgres' as const,
          connectionString: db.url,
          retryLimit: 3,
          retryDelaySeconds: 0.05,
          visibilityTimeoutSeconds: 1,
          pollIntervalMs: 50,
          relay: { pollIntervalMs: 50 },
        }),
      }),
      IdentityModule,
      catalogue,
    ],
  })
    .setLogger(new RecordingLogger())
    .compile();
}

describe('EventsModule in an application', () => {
  let app: TestingModule;

  beforeAll(async () => {
    app = await buildApp(catalogueModule({ handlers: [CatalogueUserHandlers], consumes: [UserRegistered] }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('delivers a committed event through outbox, relay and transport to the consumer in another schema, once', async () => {
    const envelope = await app.get(RegistrationService).register('ann@example.com');

    await waitFor('the catalogue to record it', async () => (await db.countEffects('catalogue', envelope.id)) === 1);
    expect(await db.countHandled('catalogue', 'catalogue', envelope.id)).toBe(1);
    const [row] = await db.query(`SELECT published_at FROM identity.outbox WHERE id = $1`, [envelope.id]);
    expect(row!.published_at).not.toBeNull();
  });

  it('delivers nothing for a business transaction that rolled back', async () => {
    await expect(app.get(RegistrationService).register('bob@example.com', { failAfterWrite: true })).rejects.toThrow(/rejected/);
    const committed = await app.get(RegistrationService).register('cy@example.com');

    await waitFor('the committed registration', async () => (await db.countEffects('catalogue', committed.id)) === 1);
    expect(await db.query(`SELECT email FROM identity.users WHERE email = 'bob@example.com'`)).toEqual([]);
    const notes = await db.query<{ note: string }>(`SELECT note FROM catalogue.effects`);
    const users = await db.query<{ id: string }>(`SELECT id FROM identity.users`);
    expect(notes.map((effect) => effect.note).sort()).toEqual(users.map((user) => user.id).sort());
    const outboxRows = await db.query(`SELECT id FROM identity.outbox`);
    expect(outboxRows).toHaveLength(users.length);
  });

  it("subscribes each service's handlers under its own consumer group only", () => {
    const registry = app.get(EventHandlerRegistry);
    expect(registry.handledEvents('identity')).toEqual(['user.updated']);
    expect(registry.handledEvents('catalogue')).toEqual(['user.registered']);
  });
});

describe('EventsModule start-up checks', () => {
  async function initFails(catalogue: DynamicModule): Promise<unknown> {
    const app = await buildApp(catalogue);
    try {
      await app.init();
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await app.close().catch(() => undefined);
    }
  }

  it('refuses to start with two handlers for one event in one consumer group', async () => {
    const error = await initFails(
      catalogueModule({ handlers: [CatalogueUserHandlers, SecondCatalogueUserHandlers], consumes: [UserRegistered] }),
    );
    expect(error).toBeInstanceOf(DuplicateEventHandlerError);
    expect((error as Error).message).toMatch(/CatalogueUserHandlers.onUserRegistered and SecondCatalogueUserHandlers.alsoOnUserRegistered/);
  });

  it('refuses to start when a declared event has no handler', async () => {
    const error = await initFails(catalogueModule({ handlers: [], consumes: [UserRegistered] }));
    expect(error).toBeInstanceOf(MissingEventHandlerError);
  });

  it('stops the relays and the transport on close', async () => {
    const app = await buildApp(catalogueModule({ handlers: [CatalogueUserHandlers], consumes: [UserRegistered] }));
    await app.init();
    const transport = app.get<EventTransport>(EVENT_TRANSPORT);
    await app.close();
    await expect(transport.publish([])).resolves.toBeUndefined();
    await expect(transport.listDeadLetters()).rejects.toThrow(/not started/);
  });
});
