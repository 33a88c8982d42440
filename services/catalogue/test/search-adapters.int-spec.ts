import { randomUUID } from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MaterialDetail, MaterialSearchResponse } from '@mkt/contracts';
import { Client } from '@opensearch-project/opensearch';
import { MaterialEntity } from '../src/entities/material.entity.js';
import { toSearchDocument } from '../src/materials/material-writer.service.js';
import type { CachedMaterialSearchIndex } from '../src/search/cached-material-search-index.js';
import type { MaterialSearchIndex } from '../src/search/material-search.port.js';
import { InMemoryMaterialSearchIndex } from '../src/search/memory/in-memory-material-search-index.js';
import { PostgresMaterialSearchIndex } from '../src/search/postgres-material-search-index.js';
import { OpenSearchMaterialSearchIndex, type OpenSearchClientLike } from '../src/search/opensearch-material-search-index.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';
import { runRelevanceSuite } from './relevance-suite.js';
import { runSearchContract, type ContractFixture } from './search-contract.js';

/**
 * The search port's shared contract (and relevance set) against every adapter available:
 * the in-memory index and PostgreSQL always; OpenSearch when OPENSEARCH_URL names a reachable server (no OpenSearch
 * server runs on development machines, so it is skipped there; its wiring is unit-tested in
 * src/search/opensearch-material-search-index.spec.ts).
 */
const OPENSEARCH_URL = process.env.OPENSEARCH_URL;

/** Detail pages by adapter and fixture name (the in-memory adapter's run comes first). */
const detailPages: Record<string, Record<string, unknown>> = {};

async function fixtureCatalogue(h: CatalogueHarness): Promise<ContractFixture> {
  const entries = Object.entries(FIXTURE);
  const created = await h.createMaterials(entries.map(([, input]) => input));
  const ids = Object.fromEntries(entries.map(([name], i) => [name, created[i]!.id]));
  const codes = Object.fromEntries(entries.map(([name], i) => [name, created[i]!.code]));
  const rows = await h.server.app.get<DataSource>(getDataSourceToken('catalogue')).getRepository(MaterialEntity).find();
  return { ids, codes, documents: rows.map((row) => toSearchDocument(row, [])) };
}

describe.each([
  ['in-memory', 'memory'],
  ['PostgreSQL', 'postgres'],
])('search port contract: %s adapter', (_name, engine) => {
  let h: CatalogueHarness;
  let fixture: ContractFixture;
  beforeAll(async () => {
    h = await startCatalogue({ env: { SEARCH: engine } });
    fixture = await fixtureCatalogue(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('passes the adapter contract', async () => {
    const engineClass = engine === 'memory' ? InMemoryMaterialSearchIndex : PostgresMaterialSearchIndex;
    expect((h.searchIndex() as CachedMaterialSearchIndex).inner).toBeInstanceOf(engineClass);
    expect(await runSearchContract(h.searchIndex(), fixture)).toEqual([]);
  });

  it('says what a typo was corrected to, and searches the words as typed when asked', async () => {
    const search = async (body: Record<string, unknown>) => (await h.call<MaterialSearchResponse>('/material/search', { body, lang: 'en' })).body.data;
    const corrected = await search({ keyword: 'tmelapse' });
    expect([corrected.total, corrected.normalizedKeyword, corrected.correctedKeyword]).toEqual([2, 'tmelapse', 'timelapse']);
    // Chinese words stay as they are; only the misspelt word is replaced.
    expect((await search({ keyword: '上海 tmelapse' })).correctedKeyword).toBe('上海 timelapse');
    const asTyped = await search({ keyword: 'tmelapse', asTyped: true });
    expect([asTyped.total, asTyped.normalizedKeyword, 'correctedKeyword' in asTyped]).toEqual([0, 'tmelapse', false]);
    // Words found as typed are never "corrected".
    expect('correctedKeyword' in (await search({ keyword: 'timelapse' }))).toBe(false);
  });

  it('still passes the relevance set after the contract wrote to it', async () => {
    expect(await runRelevanceSuite(h.searchIndex(), fixture.ids)).toEqual([]);
  });

  // The in-memory index names a detail's similar materials itself and the page is read in one
  // statement; other engines leave both to the database: every detail page must come out the same.
  it('answers every detail page as the other adapters do', async () => {
    const nameOf = new Map(Object.entries(fixture.ids).map(([name, id]) => [id, name]));
    const pages: Record<string, unknown> = {};
    for (const [name, id] of Object.entries(fixture.ids)) {
      const reply = await h.call<MaterialDetail>('/material/detail', { body: { id }, lang: 'en' });
      if (reply.status === 404) {
        pages[name] = 'not found';
        continue;
      }
      // Ids, codes and write times differ between the two runs' databases.
      const { similar, id: _id, code: _code, updatedAt: _updated, onlineAt: _online, ...rest } = reply.body.data;
      pages[name] = { ...rest, similar: similar.map((card) => nameOf.get(card.id) ?? 'not in the fixture') };
    }
    expect(Object.values(pages).filter((page) => page !== 'not found').length).toBeGreaterThan(5);
    detailPages[engine] = pages;
    if (engine !== 'memory') expect(pages).toEqual(detailPages.memory);
  });
});

(OPENSEARCH_URL ? describe : describe.skip)(
  `search port contract: OpenSearch adapter${OPENSEARCH_URL ? '' : ' (skipped: set OPENSEARCH_URL to a reachable OpenSearch server to run it)'}`,
  () => {
    let h: CatalogueHarness;
    let fixture: ContractFixture;
    let client: Client;
    let index: MaterialSearchIndex;
    // A throw-away alias per run, deleted afterwards: never touches the service's own index.
    const alias = `catalogue-materials-test-${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      client = new Client({ node: OPENSEARCH_URL });
      h = await startCatalogue();
      fixture = await fixtureCatalogue(h);
      const adapter = new OpenSearchMaterialSearchIndex(client as unknown as OpenSearchClientLike, { alias });
      await adapter.ensureIndex();
      await adapter.upsert(fixture.documents);
      index = adapter;
    });
    afterAll(async () => {
      await client?.indices.delete({ index: `${alias}-v*` }).catch(() => undefined);
      await client?.close();
      await h?.close();
    });

    it('passes the shared relevance set', async () => {
      expect(await runRelevanceSuite(index, fixture.ids)).toEqual([]);
    });

    it('passes the adapter contract', async () => {
      expect(await runSearchContract(index, fixture)).toEqual([]);
    });
  },
);
