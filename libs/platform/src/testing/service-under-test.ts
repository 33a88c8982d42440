import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EventDefinition, InputOf, StaffRole } from '@mkt/contracts';
import { TokenService } from '../auth/token.service.js';
import { startServiceProcess, type RunningServiceProcess } from '../bootstrap/service-process.js';
import { EVENT_TRANSPORT, type EventTransport } from '../events/event-transport.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port.js';
import type { LogDestination } from '../logging/json-logger.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface StoreReply<T> {
  status: number;
  body: { code: number; success: boolean; message: string; data: T };
}

export interface AdminReply<T> {
  status: number;
  /** Parsed JSON, or the text for other answers (CSV, files). */
  body: T;
  text: string;
  headers: Headers;
}

export interface ServiceUnderTest {
  server: RunningServiceProcess;
  url: string;
  /** A store call: POST below /api with the envelope back. */
  call<T = unknown>(path: string, options?: { body?: unknown; token?: string; lang?: string; form?: FormData; raw?: string }): Promise<StoreReply<T>>;
  /** A console call below /admin-api. */
  admin<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown; form?: FormData; lang?: string }): Promise<AdminReply<T>>;
  userToken(userId?: string): Promise<string>;
  staffToken(roles: StaffRole[]): Promise<string>;
  /** SQL on the service's own DataSource. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Publishes an event on the bus as another service would (through the transport, not the outbox). */
  publish<D extends EventDefinition>(definition: D, aggregateId: string, payload: InputOf<D>): Promise<void>;
  /** The events the service announced (its outbox), oldest first, by name and optionally aggregate. */
  announced<T = Record<string, unknown>>(name: string, aggregateId?: string): Promise<T[]>;
  /** Polls until the check passes (events are asynchronous). */
  eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs?: number): Promise<T>;
  /** A signed link or public path fetched as a browser would. */
  fetchLink(url: string): Promise<Response>;
  storage(): ObjectStorage;
  close(): Promise<void>;
}

/**
 * A service (or a few composed, as the single process composes them) on a real HTTP port with a
 * fresh database of its own, for its integration tests. `schema` names the DataSource and outbox
 * the helpers read; tokens are signed with the data folder's secret (identity is not mounted
 * unless listed).
 */
export async function startServiceUnderTest(options: {
  schema: string;
  modules: (Type | DynamicModule)[];
  env?: Record<string, string>;
  /** Where log lines go (LOG_LEVEL in `env` says which); none are written by default. */
  logDestination?: LogDestination;
}): Promise<ServiceUnderTest> {
  const db: TestDatabase = await createTestDatabase(options.schema);
  const dataDir = mkdtempSync(join(tmpdir(), `mkt-${options.schema}-`));
  const server = await startServiceProcess({
    title: `${options.schema} under test`,
    modules: options.modules,
    logDestination: options.logDestination,
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...options.env,
    },
  });
  const base = server.url;
  const tokens = server.app.get(TokenService);
  const source = () => server.app.get<DataSource>(getDataSourceToken(options.schema));
  return {
    server,
    url: base,
    async call(path, call = {}) {
      const headers: Record<string, string> = { 'accept-language': call.lang ?? 'en' };
      if (!call.form) headers['content-type'] = 'application/json';
      if (call.token) headers.access_token = call.token;
      const response = await fetch(`${base}/api${path}`, { method: 'POST', headers, body: call.form ?? call.raw ?? JSON.stringify(call.body ?? {}) });
      return { status: response.status, body: (await response.json()) as StoreReply<never>['body'] };
    },
    async admin(method, path, call = {}) {
      const headers: Record<string, string> = { 'accept-language': call.lang ?? 'en' };
      if (!call.form) headers['content-type'] = 'application/json';
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      const response = await fetch(`${base}/admin-api${path}`, { method, headers, body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)) });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text is the answer
      }
      return { status: response.status, body: body as never, text, headers: response.headers };
    },
    userToken: (userId = randomUUID()) => tokens.sign({ kind: 'user', userId, sessionId: randomUUID() }),
    staffToken: (roles) => tokens.sign({ kind: 'staff', staffId: randomUUID(), sessionId: randomUUID(), roles, username: `staff-${roles.join('-')}` }),
    sql: (query, params = []) => source().query(query, params),
    async publish(definition, aggregateId, payload) {
      const transport = server.app.get<EventTransport>(EVENT_TRANSPORT);
      await transport.publish([{ id: randomUUID(), name: definition.name, version: definition.version, aggregateId, occurredAt: new Date().toISOString(), payload }]);
    },
    async announced<T>(name: string, aggregateId?: string) {
      const rows: { payload: T }[] = await source().query(
        `SELECT payload FROM "${options.schema}".outbox WHERE name = $1 AND ($2::text IS NULL OR aggregate_id = $2) ORDER BY position`,
        [name, aggregateId ?? null],
      );
      return rows.map((row) => row.payload);
    },
    async eventually(check, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await check();
        if (value) return value;
        if (Date.now() > deadline) throw new Error('condition not met in time');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    fetchLink: (url) => fetch(url.startsWith('/') ? `${base}${url}` : url),
    storage: () => server.app.get<ObjectStorage>(OBJECT_STORAGE),
    async close() {
      await server.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
