import { UserRegistered } from '@mkt/contracts';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { InvalidEventPayloadError, OutboxTransactionRequiredError } from './event-bus.errors.js';
import { onOutboxCommit } from './outbox-commit-signal.js';
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

  describe('addInStatement', () => {
    // Writes a probe row for each accepted id, and accepts the ids listed in the second parameter.
    const statement = (userIds: string[], accept: string[]) => ({
      with: `"accepted" AS (SELECT (i."ordinality" - 1)::int AS "event", i."id" FROM unnest($1::text[]) WITH ORDINALITY AS i("id", "ordinality") WHERE i."id" = ANY($2::text[])),
             "written" AS (INSERT INTO "identity"."statement_probe" ("id") SELECT "id" FROM "accepted")`,
      accepted: 'accepted',
      params: [userIds, accept],
    });
    const registered = (data: ReturnType<typeof payload>) => ({ definition: UserRegistered, aggregateId: data.userId, payload: data });
    const events = (userId: string) => db.query(`SELECT * FROM "identity".outbox WHERE aggregate_id = $1`, [userId]);

    beforeAll(async () => {
      await db.query(`CREATE TABLE "identity"."statement_probe" ("id" text PRIMARY KEY)`);
    });

    it('writes the accepted business rows and only their events in one statement, in order, and nudges the relay', async () => {
      let nudged = 0;
      const removeHook = onOutboxCommit(identity, () => (nudged += 1));
      try {
        const [first, second, third] = [payload(), payload(), payload()];
        const accepted = await writer.addInStatement(identity, statement([first.userId, second.userId, third.userId], [first.userId, third.userId]), [registered(first), registered(second), registered(third)]);
        expect([...accepted].sort()).toEqual([0, 2]);
        expect(await db.query(`SELECT "id" FROM "identity"."statement_probe" WHERE "id" = ANY($1) ORDER BY "id"`, [[first.userId, second.userId, third.userId]])).toEqual(
          [first.userId, third.userId].sort().map((id) => ({ id })),
        );
        const [firstRow] = await events(first.userId);
        expect(firstRow).toMatchObject({ name: 'user.registered', version: 1, payload: first, published_at: null, attempts: 0 });
        const [thirdRow] = await events(third.userId);
        expect(BigInt(thirdRow!.position as string)).toBeGreaterThan(BigInt(firstRow!.position as string));
        expect(await events(second.userId)).toEqual([]);
        expect(nudged).toBe(1);
      } finally {
        removeHook();
      }
    });

    it('writes no event when the statement accepts nothing, and nothing at all for an invalid payload', async () => {
      const data = payload();
      expect((await writer.addInStatement(identity, statement([data.userId], []), [registered(data)])).size).toBe(0);
      expect(await events(data.userId)).toEqual([]);
      await expect(writer.addInStatement(identity, statement([data.userId], [data.userId]), [{ ...registered(data), payload: { ...data, accountKind: 'fax' } as never }])).rejects.toThrow(
        InvalidEventPayloadError,
      );
      expect(await db.query(`SELECT * FROM "identity"."statement_probe" WHERE "id" = $1`, [data.userId])).toEqual([]);
    });
  });
});
