import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EventDefinition, InputOf, StaffRole } from '@mkt/contracts';
import { Clock, EVENT_TRANSPORT, TokenService, startServiceProcess, type EventTransport, type RunningServiceProcess } from '@mkt/platform';
import { TestIdentityModule, createTestDatabase, grantContributorRights, type TestDatabase } from '@mkt/platform/testing';
import { PayoutsModule } from '../src/payouts.module.js';

export interface Reply<T> {
  status: number;
  body: { code: number; success: boolean; message: string; data: T };
}

export interface PayoutsHarness {
  server: RunningServiceProcess;
  /** Sets the service's clock (the statement job's "now"). */
  setNow(iso: string): void;
  call<T = unknown>(path: string, options?: { body?: unknown; token?: string; lang?: string; raw?: string }): Promise<Reply<T>>;
  admin<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: T; text: string; headers: Headers }>;
  /** A signed-in contributor (gid 3) or buyer (no contributor rights). */
  user(kind: 'contributor' | 'buyer'): Promise<{ userId: string; token: string }>;
  staffToken(roles: StaffRole[]): Promise<string>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Publishes an event as another service would (through the transport). */
  publish<D extends EventDefinition>(definition: D, aggregateId: string, payload: InputOf<D>): Promise<void>;
  announced<T = Record<string, unknown>>(name: string): Promise<T[]>;
  eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

/**
 * The payouts service alone on a real HTTP port with a fresh database and a clock the test sets.
 * Materials and sales arrive as the catalogue's and orders' events; identity is not mounted.
 */
export async function startPayouts(): Promise<PayoutsHarness> {
  const db: TestDatabase = await createTestDatabase('payouts');
  const server = await startServiceProcess({
    title: 'payouts under test',
    modules: [TestIdentityModule, PayoutsModule],
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mkt-payouts-')),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    },
  });
  const base = server.url;
  const tokens = server.app.get(TokenService);
  const source = () => server.app.get<DataSource>(getDataSourceToken('payouts'));
  const clock = server.app.get(Clock);
  return {
    server,
    setNow(iso) {
      const at = new Date(iso);
      clock.now = () => new Date(at);
    },
    async call(path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': options.lang ?? 'en' };
      if (options.token) headers.access_token = options.token;
      const response = await fetch(`${base}/api${path}`, { method: 'POST', headers, body: options.raw ?? JSON.stringify(options.body ?? {}) });
      return { status: response.status, body: (await response.json()) as Reply<never>['body'] };
    },
    async admin(method, path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${base}/admin-api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // CSV and other text answers stay text
      }
      return { status: response.status, body: body as never, text, headers: response.headers };
    },
    async user(kind) {
      const userId = randomUUID();
      if (kind === 'contributor') grantContributorRights(userId, { gid: 3, videoFlag: true, photoFlag: true });
      return { userId, token: await tokens.sign({ kind: 'user', userId, sessionId: randomUUID() }) };
    },
    staffToken: (roles) => tokens.sign({ kind: 'staff', staffId: randomUUID(), sessionId: randomUUID(), roles, username: `staff-${roles.join('-')}` }),
    sql: (query, params = []) => source().query(query, params),
    async publish(definition, aggregateId, payload) {
      const transport = server.app.get<EventTransport>(EVENT_TRANSPORT);
      await transport.publish([{ id: randomUUID(), name: definition.name, version: definition.version, aggregateId, occurredAt: new Date().toISOString(), payload }]);
    },
    async announced<T>(name: string) {
      const rows = await source().query(`SELECT payload FROM payouts.outbox WHERE name = $1 ORDER BY position`, [name]);
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
    async close() {
      await server.stop();
      await db.drop();
    },
  };
}
