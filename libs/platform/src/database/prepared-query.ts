import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** Text -> statement name; the hot statements are a handful, the bound only stops misuse. */
const statementNames = new Map<string, string>();
const NAMES_KEPT = 1_000;

interface NamedQueryPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `text` as a named prepared statement on the DataSource's pool, so PostgreSQL parses and
 * plans it once per connection instead of at every call (planning a statement of a few joins
 * costs about as much as running it). For the few statements run hundreds of times a second;
 * TypeORM's `query()` cannot name a statement, hence the pool underneath. The name is derived from
 * the text, so two texts never share one.
 */
export async function preparedQuery<T>(dataSource: DataSource, text: string, values: unknown[]): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master?: NamedQueryPool }).master;
  if (!pool || dataSource.driver.options.type !== 'postgres') throw new Error('preparedQuery needs a connected PostgreSQL DataSource');
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size >= NAMES_KEPT) statementNames.clear();
    statementNames.set(text, name);
  }
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}
