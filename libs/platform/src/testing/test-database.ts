import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Each test file gets its own empty database on the PostgreSQL server that jest's global set-up
 * started (or on TEST_DATABASE_SERVER_URL when that is set), so no test depends on another's data.
 */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_SERVER_URL;
  if (!url) throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests through jest (global set-up starts PostgreSQL)');
  return url;
}

export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase();
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
