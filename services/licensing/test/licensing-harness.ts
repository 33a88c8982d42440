import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type EventDefinition, type StaffRole, type InputOf } from '@mkt/contracts';
import { EVENT_TRANSPORT, OBJECT_STORAGE, TokenService, startServiceProcess, type EventTransport, type ObjectStorage, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';
import { LicensingModule } from '../src/licensing.module.js';

export interface Reply<T> {
  status: number;
  body: { code: number; success: boolean; message: string; data: T };
}

export interface LicensingHarness {
  server: RunningServiceProcess;
  url: string;
  call<T = unknown>(path: string, options?: { body?: unknown; token?: string; lang?: string; form?: FormData }): Promise<Reply<T>>;
  admin<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown; form?: FormData }): Promise<{ status: number; body: T; headers: Headers }>;
  userToken(userId?: string): Promise<string>;
  staffToken(roles: StaffRole[]): Promise<string>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Publishes an event on the bus as another service would (through the transport, not the outbox). */
  publish<D extends EventDefinition>(definition: D, aggregateId: string, payload: InputOf<D>): Promise<void>;
  /** The events this service announced (its outbox), oldest first, by name and optionally aggregate. */
  announced<T = Record<string, unknown>>(name: string, aggregateId?: string): Promise<T[]>;
  /** Polls until the check passes (events are asynchronous). */
  eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs?: number): Promise<T>;
  storage(): ObjectStorage;
  close(): Promise<void>;
}

/**
 * The licensing service alone on a real HTTP port with a fresh database. Orders are confirmed by
 * publishing `order.confirmed` as the orders service would, reduced copies arrive as
 * `delivery.prepared` as the uploads service would announce them, and what licensing asks for is
 * read from its outbox. Identity is not mounted: tokens are signed with the data dir's secret.
 */
export async function startLicensing(): Promise<LicensingHarness> {
  const db: TestDatabase = await createTestDatabase('licensing');
  const server = await startServiceProcess({
    title: 'licensing under test',
    modules: [LicensingModule],
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mkt-licensing-')),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    },
  });
  const base = server.url;
  const tokens = server.app.get(TokenService);
  const source = () => server.app.get<DataSource>(getDataSourceToken('licensing'));
  const harness: LicensingHarness = {
    server,
    url: base,
    async call(path, options = {}) {
      const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en' };
      if (!options.form) headers['content-type'] = 'application/json';
      if (options.token) headers.access_token = options.token;
      const response = await fetch(`${base}/api${path}`, { method: 'POST', headers, body: options.form ?? JSON.stringify(options.body ?? {}) });
      return { status: response.status, body: (await response.json()) as Reply<never>['body'] };
    },
    async admin(method, path, options = {}) {
      const headers: Record<string, string> = { 'accept-language': 'en' };
      if (!options.form) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${base}/admin-api${path}`, { method, headers, body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
      return { status: response.status, body: (await response.json()) as never, headers: response.headers };
    },
    userToken: (userId = randomUUID()) => tokens.sign({ kind: 'user', userId, sessionId: randomUUID() }),
    staffToken: (roles) => tokens.sign({ kind: 'staff', staffId: randomUUID(), sessionId: randomUUID(), roles, username: `staff-${roles.join('-')}` }),
    sql: (query, params = []) => source().query(query, params),
    async publish(definition, aggregateId, payload) {
      const transport = server.app.get<EventTransport>(EVENT_TRANSPORT);
      await transport.publish([{ id: randomUUID(), name: definition.name, version: definition.version, aggregateId, occurredAt: new Date().toISOString(), payload }]);
    },
    async announced<T>(name: string, aggregateId?: string) {
      const rows = await source().query(
        `SELECT payload FROM licensing.outbox WHERE name = $1 AND ($2::text IS NULL OR aggregate_id = $2) ORDER BY position`,
        [name, aggregateId ?? null],
      );
      return (rows as { payload: T }[]).map((row) => row.payload);
    },
    async eventually(check, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await check();
        if (value) return value;
        if (Date.now() > deadline) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    storage: () => server.app.get<ObjectStorage>(OBJECT_STORAGE),
    async close() {
      await server.stop();
      await db.drop();
    },
  };
  return harness;
}
