import { MessageChannel } from 'node:worker_threads';
import { materialSearchRequestSchema } from '@mkt/contracts';
import { normalizeQuery } from '../../text/text-helpers.js';
import type { MaterialSearchDocument, MaterialSearchIndex, MaterialSearchResult } from '../material-search.port.js';
import { SynonymDictionary } from '../synonym-dictionary.js';
import { CatalogueIndex } from './catalogue-index.js';
import { InMemoryMaterialSearchIndex } from './in-memory-material-search-index.js';
import { IndexWorkerEndpoint } from './index-worker.endpoint.js';
import { WorkerIndexEngine } from './worker-index-engine.js';

const document = (id: number, title: string): MaterialSearchDocument => ({
  id,
  code: `LV${10000000 + id}`,
  kind: 'video',
  from: 'own',
  published: true,
  categoryId: null,
  topicIds: [],
  titleZh: title,
  titleEn: title,
  keywordsZh: [],
  keywordsEn: [],
  filters: {},
  salesCount: id,
  onlineAt: new Date(Date.UTC(2026, 0, id)),
});

/** The worker's protocol on a channel of this thread: the same messages, copied the same way. */
function engineOverChannel(docs: MaterialSearchDocument[]) {
  const index = new CatalogueIndex();
  index.reserve(docs.length);
  for (const doc of docs) index.upsert(doc);
  index.finishBulk();
  const { port1, port2 } = new MessageChannel();
  new IndexWorkerEndpoint(index, port1);
  let stopped = false;
  const engine = new WorkerIndexEngine(port2, { size: index.size, garbage: index.garbage }, async () => {
    stopped = true;
    port1.close();
    port2.close();
  });
  // After the listeners: attaching a 'message' listener refs a port again, and a test that never
  // closes its engine must not keep jest alive.
  port1.unref();
  port2.unref();
  return { engine, stopped: () => stopped };
}

const browse = materialSearchRequestSchema.parse({});

describe('WorkerIndexEngine', () => {
  it('answers a question the index fails on with an error, and goes on answering', async () => {
    const { engine } = engineOverChannel([document(1, 'glacier')]);
    // A question without its normalized words: the index throws reading them.
    await expect(engine.search(browse, 'en', null as never, SynonymDictionary.EMPTY)).rejects.toThrow();
    expect(await engine.similar(404, 8, 20)).toBeNull();
    expect((await engine.search(browse, 'en', normalizeQuery(''), SynonymDictionary.EMPTY)).ids).toEqual([1]);
    expect(engine.size).toBe(1);
  });

  it('reports a write the index could not take, and refuses everything after it', async () => {
    const { engine } = engineOverChannel([document(1, 'glacier')]);
    const failures: Error[] = [];
    engine.onFailure((error) => failures.push(error));
    engine.upsert([{ ...document(2, 'broken'), kind: 'hologram' as never }]);
    await expect(engine.search(browse, 'en', normalizeQuery(''), SynonymDictionary.EMPTY)).rejects.toThrow(/write failed/);
    expect(failures).toHaveLength(1);
    expect(() => engine.upsert([document(3, 'later')])).toThrow(/write failed/);
    await expect(engine.lookup({ by: 'id', id: 1 })).rejects.toThrow(/write failed/);
  });

  it('searches with the synonym dictionary it was last given, and corrects a typo in the same question', async () => {
    const { engine } = engineOverChannel([document(1, 'glacier'), document(2, 'iceberg'), document(3, 'volcano')]);
    const search = (keyword: string, dictionary: SynonymDictionary) => engine.search(browse, 'en', normalizeQuery(keyword), dictionary);
    const ice = new SynonymDictionary([['glacier', 'iceberg']]);
    expect((await search('glacier', SynonymDictionary.EMPTY)).ids).toEqual([1]);
    expect((await search('glacier', ice)).ids.sort()).toEqual([1, 2]);
    // "glaceir" finds nothing as typed; corrected to "glacier", then expanded with the dictionary.
    expect((await search('glaceir', ice)).ids.sort()).toEqual([1, 2]);
    // The same groups read again (a new object, as the synonym cache's refresh gives): same answers.
    expect((await search('glaceir', new SynonymDictionary([['glacier', 'iceberg']]))).ids.sort()).toEqual([1, 2]);
    const fire = new SynonymDictionary([['glacier', 'volcano']]);
    expect((await search('glaceir', fire)).ids.sort()).toEqual([1, 3]);
    expect((await search('glaceir', SynonymDictionary.EMPTY)).ids).toEqual([1]);
  });

  it('keeps the sizes its thread reports after writes', async () => {
    const { engine } = engineOverChannel([document(1, 'glacier')]);
    engine.upsert([document(2, 'lake'), document(1, 'glacier again')]);
    engine.remove([2]);
    await engine.lookup({ by: 'id', id: 1 });
    expect(engine.size).toBe(1);
    expect(engine.garbage).toBe(2);
  });

  it('answers what it was asked before it closes', async () => {
    const { engine, stopped } = engineOverChannel([document(1, 'glacier')]);
    const asked = engine.search(browse, 'en', normalizeQuery(''), SynonymDictionary.EMPTY);
    const closed = engine.close();
    expect(stopped()).toBe(false);
    expect((await asked).ids).toEqual([1]);
    await closed;
    expect(stopped()).toBe(true);
  });
});

describe('InMemoryMaterialSearchIndex with a failed engine', () => {
  it('answers from the durable adapter until a new index is built', async () => {
    const fromDatabase: MaterialSearchResult = { ids: [42], total: 1, facets: {}, normalizedKeyword: '' };
    const durable = { placement: 'database', upsert: async () => undefined, remove: async () => undefined, search: async () => fromDatabase } satisfies MaterialSearchIndex;
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const search = new InMemoryMaterialSearchIndex(async () => {
      builds += 1;
      if (builds === 2) await gate;
      return engineOverChannel([document(1, 'glacier')]).engine;
    }, durable);
    await search.build();
    expect((await search.search(browse, 'en')).ids).toEqual([1]);
    await search.upsert([{ ...document(2, 'broken'), kind: 'hologram' as never }]);
    // Sent to the index before its failure came back: the database answers it instead of an error.
    expect((await search.search(browse, 'en')).ids).toEqual([42]);
    for (let i = 0; i < 1000 && builds < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(builds).toBe(2);
    expect((await search.search(browse, 'en')).ids).toEqual([42]);
    release();
    await search.build();
    expect((await search.search(browse, 'en')).ids).toEqual([1]);
  });
});
