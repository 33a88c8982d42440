// The search index's worker thread (see WorkerIndexEngine): builds or loads a CatalogueIndex, then
// answers the serving thread's questions and applies its writes, in the order they arrive.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { CatalogueIndex, type CatalogueIndexMeta } from './catalogue-index.js';
import { buildInProcess } from './index-builders.js';
import { readSnapshot } from './index-snapshot.js';
import { IndexWorkerEndpoint, type IndexReply, type IndexWorkerData } from './index-worker.endpoint.js';
import { PublishedMaterialReader } from './published-materials.reader.js';

const { source, limits } = workerData as IndexWorkerData;
const port = parentPort!;

async function load(): Promise<CatalogueIndex> {
  if ('snapshot' in source) return CatalogueIndex.fromSnapshot(await readSnapshot<CatalogueIndexMeta>(source.snapshot), limits);
  const { databaseUrl } = source;
  const reader = new PublishedMaterialReader(async () => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mkt-catalogue-index' });
    await client.connect();
    return { query: async (sql, params) => (await client.query(sql, params)).rows as unknown[], close: () => client.end() };
  });
  return buildInProcess(reader, limits)(source.expected);
}

const index = await load();
new IndexWorkerEndpoint(index, port);
port.postMessage({ op: 'ready', size: index.size, garbage: index.garbage } satisfies IndexReply);
