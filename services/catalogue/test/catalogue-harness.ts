import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { StaffRole } from '@mkt/contracts';
import { OBJECT_STORAGE, TokenService, startServiceProcess, type ObjectStorage, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';
import { CatalogueModule } from '../src/catalogue.module.js';
import { MaterialWriter, type NewMaterial } from '../src/materials/material-writer.service.js';
import type { CachedMaterialSearchIndex } from '../src/search/cached-material-search-index.js';
import { MATERIAL_SEARCH_INDEX, type MaterialSearchIndex } from '../src/search/material-search.port.js';
import { InMemoryMaterialSearchIndex } from '../src/search/memory/in-memory-material-search-index.js';

export interface Reply<T> {
  status: number;
  body: { code: number; success: boolean; message: string; data: T };
  headers: Headers;
}

export interface AdminReply<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CatalogueHarness {
  server: RunningServiceProcess;
  db: TestDatabase;
  url: string;
  call<T = unknown>(path: string, options?: { body?: unknown; token?: string; lang?: string; raw?: string; method?: string }): Promise<Reply<T>>;
  admin<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<AdminReply<T>>;
  /** A store token for a user id (identity is not mounted: tokens are signed with the test data dir's secret). */
  userToken(userId?: string): Promise<string>;
  staffToken(roles: StaffRole[], staffId?: string): Promise<string>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  createMaterials(inputs: NewMaterial[]): Promise<{ id: number; code: string }[]>;
  searchIndex(): MaterialSearchIndex;
  /** Reads the catalogue into the in-memory search index again (after rows were written around the service, as bulk loaders do). */
  rebuildSearchIndex(): Promise<void>;
  storage(): ObjectStorage;
  close(): Promise<void>;
}

/**
 * The catalogue service alone on a real HTTP port with its own fresh database; no demo seed.
 * `modules` mounts more beside it (the demo module, for its own tests).
 */
export async function startCatalogue(options: { modules?: Type[]; env?: Record<string, string> } = {}): Promise<CatalogueHarness> {
  const db = await createTestDatabase('catalogue');
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-catalogue-'));
  const server = await startServiceProcess({
    title: 'catalogue under test',
    modules: [CatalogueModule, ...(options.modules ?? [])],
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
  const source = () => server.app.get<DataSource>(getDataSourceToken('catalogue'));
  const harness: CatalogueHarness = {
    server,
    db,
    url: base,
    async call(path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': options.lang ?? 'en' };
      if (options.token) headers.access_token = options.token;
      const method = options.method ?? 'POST';
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : (options.raw ?? JSON.stringify(options.body ?? {})),
      });
      return { status: response.status, body: (await response.json()) as Reply<never>['body'], headers: response.headers };
    },
    async admin(method, path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${base}/admin-api${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return { status: response.status, body: (await response.json()) as never, headers: response.headers };
    },
    userToken: (userId = randomUUID()) => tokens.sign({ kind: 'user', userId, sessionId: randomUUID() }),
    staffToken: (roles, staffId = randomUUID()) =>
      tokens.sign({ kind: 'staff', staffId, sessionId: randomUUID(), roles, username: `staff-${roles.join('-')}` }),
    sql: (query, params = []) => source().query(query, params),
    async createMaterials(inputs) {
      const rows = await server.app.get(MaterialWriter).createMany(inputs);
      return rows.map((r) => ({ id: r.id, code: r.code }));
    },
    searchIndex: () => server.app.get<MaterialSearchIndex>(MATERIAL_SEARCH_INDEX),
    async rebuildSearchIndex() {
      const cached = server.app.get<CachedMaterialSearchIndex>(MATERIAL_SEARCH_INDEX);
      if (cached.inner instanceof InMemoryMaterialSearchIndex) await cached.inner.build();
      cached.forgetAll();
    },
    storage: () => server.app.get<ObjectStorage>(OBJECT_STORAGE),
    async close() {
      await server.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
