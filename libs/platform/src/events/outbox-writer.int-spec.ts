import { UserRegistered } from '@mkt/contracts';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { InvalidEventPayloadError, OutboxTransactionRequiredError } from './event-bus.errors.js';
import { OutboxWriter } from './outbox-writer.js';
import { createConsumerDatabase, type ConsumerDatabase } from './testing/consumer-database.js';

describe('OutboxWriter', () => {
  let db: ConsumerDatabase;
  let identity: DataSource;
  let orders: DataSource;
  const writer = new OutboxWriter();
  const payload = () => ({ userId: randomUUID(), accountKind: 'email' as const, gid: 1001, registeredAt: new Date().toISOString() });

  beforeAll(async () => {
    db = await createConsumerDatabase(['identity', 'orders'], 'outbox');
    identity = await db.dataSource('identity');
    orders = await db.dataSource('orders');
  });

  afterAll(async () => {
    await db?.close();
  });

  const outbox = (schema: string, id: string) => db.query(`SELECT * FROM "${schema}".outbox WHERE id = $1`, [id]);

  it('writes the validated event into the outbox of the transaction DataSource schema', async () => {
    const data = payload();
    const envelope = await identity.transaction((manager) => writer.add(manager, UserRegistered, data.userId, data));

    expect(envelope).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'user.registered',
      version: 1,
      aggregateId: data.userId,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      payload: data,
    });
    const [row] = await outbox('identity', envelope.id);
    expect(row).toMatchObject({
      name: 'user.registered',
      version: 1,
      aggregate_id: data.userId,
      payload: data,
      published_at: null,
      attempts: 0,
    });
    expect((row!.occurred_at as Date).toISOString()).toBe(envelope.occurredAt);
    expect(await outbox('orders', envelope.id)).toEqual([]);
  });

  it('leaves no event behind when the business transaction rolls back', async () => {
    let id = '';
    await expect(
      orders.transaction(async (manager) => {
        const data = payload();
        id = (await writer.add(manager, UserRegistered, data.userId, data)).id;
        throw new Error('business rule broken');
      }),
    ).rejects.toThrow('business rule broken');
    expect(id).not.toBe('');
    expect(await outbox('orders', id)).toEqual([]);
  });

  it('refuses an invalid payload before writing anything', async () => {
    const before = await db.query(`SELECT count(*) FROM "identity".outbox`);
    await expect(
      identity.transaction((manager) =>
        writer.add(manager, UserRegistered, 'u-1', { ...payload(), accountKind: 'fax' } as never),
      ),
    ).rejects.toThrow(InvalidEventPayloadError);
    await expect(identity.transaction((manager) => writer.add(manager, UserRegistered, '', payload()))).rejects.toThrow(
      /aggregateId/,
    );
    expect(await db.query(`SELECT count(*) FROM "identity".outbox`)).toEqual(before);
  });

  it('refuses a manager that is not inside a transaction', async () => {
    const data = payload();
    await expect(writer.add(identity.manager, UserRegistered, data.userId, data)).rejects.toThrow(OutboxTransactionRequiredError);
  });
});
