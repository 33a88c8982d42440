import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type EventDefinition, type StaffRole, type InputOf } from '@mkt/contracts';
import { EVENT_TRANSPORT, OBJECT_STORAGE, TokenService, startServiceProcess, type EventTransport, type ObjectStorage, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';
import { LicensingModule } from '@mkt/licensing';
import { OrdersModule } from '@mkt/orders';

export interface Reply<T> {
  status: number;
  body: { code: number; success: boolean; message: string; data: T };
}

export interface OrdersHarness {
  server: RunningServiceProcess;
  url: string;
  call<T = unknown>(path: string, options?: { body?: unknown; token?: string; lang?: string; form?: FormData }): Promise<Reply<T>>;
  admin<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown; form?: FormData }): Promise<{ status: number; body: T; headers: Headers }>;
  userToken(userId?: string): Promise<string>;
  staffToken(roles: StaffRole[]): Promise<string>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Publishes an event on the bus as another service would (through the transport, not the outbox). */
  publish<D extends EventDefinition>(definition: D, aggregateId: string, payload: InputOf<D>): Promise<void>;
  /** Polls until the check passes (events are asynchronous). */
  eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs?: number): Promise<T>;
  storage(): ObjectStorage;
  close(): Promise<void>;
}

/**
 * Orders and licensing together (services never import each other; the app composes them) on a
 * real HTTP port with a fresh database, as the single-machine app runs them: the cross-service
 * flows (a purchase, a project download, a personal delivery) cross both through the event bus.
 * Each service's own behaviour is tested alone in services/orders/test and services/licensing/test.
 * Identity is not mounted: tokens are signed with the data dir's secret.
 */
export async function startOrders(options: { extraModules?: Type[] } = {}): Promise<OrdersHarness> {
  const db: TestDatabase = await createTestDatabase('orders');
  const server = await startServiceProcess({
    title: 'orders under test',
    modules: [OrdersModule, LicensingModule, ...(options.extraModules ?? [])],
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mkt-orders-')),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    },
  });
  const base = server.url;
  const tokens = server.app.get(TokenService);
  const source = () => server.app.get<DataSource>(getDataSourceToken('orders'));
  const harness: OrdersHarness = {
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
