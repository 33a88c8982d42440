import pg from 'pg';
import { createTestDatabase } from './test-database.js';

describe('test database', () => {
  it('gives each caller its own empty database on a real PostgreSQL', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    expect(a.name).not.toEqual(b.name);
    const client = new pg.Client({ connectionString: a.url });
    await client.connect();
    const { rows } = await client.query<{ db: string; v: string }>('SELECT current_database() AS db, version() AS v');
    await client.end();
    expect(rows[0]?.db).toBe(a.name);
    expect(rows[0]?.v).toMatch(/^PostgreSQL 1\d/);
    await a.drop();
    await b.drop();
  });
});
