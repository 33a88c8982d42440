import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresServer } from '../libs/platform/src/database/embedded-postgres.server';

/** Starts one real PostgreSQL for the whole jest run; each test file creates its own database in it. */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_SERVER_URL) return;
  const root = mkdtempSync(join(tmpdir(), 'mkt-test-pg-'));
  // Durability buys nothing for a throw-away test cluster; turning it off makes start, commits and shutdown fast.
  const server = new EmbeddedPostgresServer({
    dataDir: join(root, 'data'),
    port: 0,
    password: 'test',
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  await server.start();
  process.env.TEST_DATABASE_SERVER_URL = server.adminUrl();
  Object.assign(globalThis, { __TEST_PG__: server, __TEST_PG_ROOT__: root });
}
