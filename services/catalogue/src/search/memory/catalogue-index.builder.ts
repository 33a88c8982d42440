// The search index builder process (see buildSnapshotInChildProcess): reads the published catalogue from
// CATALOGUE_INDEX_DATABASE_URL, indexes it and writes the snapshot to the path it is given.
import pg from 'pg';
import { buildInProcess } from './index-builders.js';
import { writeSnapshot } from './index-snapshot.js';
import { PublishedMaterialReader } from './published-materials.reader.js';

const [out, expected] = process.argv.slice(2);
const databaseUrl = process.env.CATALOGUE_INDEX_DATABASE_URL;
if (!out || !databaseUrl) {
  process.stderr.write('usage: CATALOGUE_INDEX_DATABASE_URL=postgres://… catalogue-index.builder.js <snapshot file> [expected materials]\n');
  process.exit(64);
}

const reader = new PublishedMaterialReader(async () => {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mkt-catalogue-index' });
  await client.connect();
  return { query: async (sql, params) => (await client.query(sql, params)).rows as unknown[], close: () => client.end() };
});
// The parent passes the count it decided by, so the table is not counted twice; anything else is counted here.
const counted = Number(expected);
const index = await buildInProcess(reader)(Number.isSafeInteger(counted) && counted >= 0 ? counted : undefined);
await writeSnapshot(out, index.snapshot());
