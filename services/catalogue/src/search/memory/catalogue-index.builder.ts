// The search index builder process (see buildInChildProcess): reads the published catalogue from
// CATALOGUE_INDEX_DATABASE_URL, indexes it and writes the snapshot to the path it is given.
import pg from 'pg';
import { CatalogueIndex } from './catalogue-index.js';
import { writeSnapshot } from './index-snapshot.js';
import { PublishedMaterialReader } from './published-materials.reader.js';

const [out] = process.argv.slice(2);
const databaseUrl = process.env.CATALOGUE_INDEX_DATABASE_URL;
if (!out || !databaseUrl) {
  process.stderr.write('usage: CATALOGUE_INDEX_DATABASE_URL=postgres://… catalogue-index.builder.js <snapshot file>\n');
  process.exit(64);
}

const reader = new PublishedMaterialReader(async () => {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mkt-catalogue-index' });
  await client.connect();
  return { query: async (sql, params) => (await client.query(sql, params)).rows as unknown[], close: () => client.end() };
});
const index = new CatalogueIndex();
index.reserve(await reader.count());
await reader.read((documents) => {
  for (const doc of documents) index.upsert(doc);
});
await writeSnapshot(out, index.snapshot());
