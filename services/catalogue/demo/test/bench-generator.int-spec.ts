import type { MaterialSearchResponse } from '@mkt/contracts';
import { MaterialWriter, normalizeFilters } from '@mkt/catalogue';
import { generateMaterials, generatedTexts } from '../bench/generate-materials.js';
import { startCatalogue, type CatalogueHarness } from '../../test/catalogue-harness.js';

/** The benchmark catalogue generator, at a small size: rows the service itself would have written. */
describe('catalogue: benchmark catalogue generator', () => {
  let h: CatalogueHarness;
  beforeAll(async () => {
    h = await startCatalogue();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('gives distinct bilingual texts, deterministically', () => {
    const texts = generatedTexts(500);
    expect(new Set(texts.map((t) => t.titleZh)).size).toBe(500);
    expect(generatedTexts(500)).toEqual(texts);
    expect(texts.every((t) => t.titleEn && t.keywordsZh.length >= 3 && t.keywordsEn.length >= 3)).toBe(true);
  });

  it('fills the catalogue with search columns identical to what the PostgreSQL adapter writes, indexes rebuilt', async () => {
    const indexesBefore = await h.sql<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'catalogue' AND tablename = 'materials' ORDER BY 1`);
    const result = await generateMaterials({ databaseUrl: h.db.url, count: 3_000, distinctTexts: 400 });
    expect(result).toMatchObject({ materials: 3_000, distinctTexts: 400, topics: 12, categories: 30 });
    expect(result.published).toBeGreaterThan(2_700);
    // The generator writes around the service, as any bulk load does: the in-memory index reads the table again.
    await h.rebuildSearchIndex();
    const indexesAfter = await h.sql<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'catalogue' AND tablename = 'materials' ORDER BY 1`);
    expect(indexesAfter).toEqual(indexesBefore);
    expect(await h.sql(`SELECT 1 FROM pg_tables WHERE tablename = 'bench_texts'`)).toEqual([]);

    const columns = `SELECT id, search_zh, search_en, search_terms, search_vector::text AS vector FROM catalogue.materials WHERE id = ANY($1::bigint[]) ORDER BY id`;
    const ids = [1, 2, 3, 17, 500, 1_499, 2_999, 3_000];
    const generated = await h.sql(columns, [ids]);
    expect(generated).toHaveLength(ids.length);
    expect(generated.every((row) => String(row.search_zh).length > 0 && String(row.vector).length > 0)).toBe(true);
    await h.server.app.get(MaterialWriter).reindex(ids);
    expect(await h.sql(columns, [ids])).toEqual(generated);

    const rows = await h.sql<{ filters: Record<string, string[]>; code: string; kind: string; id: string }>(`SELECT id, code, kind, filters FROM catalogue.materials`);
    for (const row of rows.slice(0, 500)) expect(normalizeFilters(row.filters)).toEqual(row.filters);
    expect(rows.find((r) => r.id === '5')!.code).toMatch(/^L[VP]10000005$/);
    const [sequence] = await h.sql<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('catalogue.materials', 'id')) AS id`);
    expect(Number(sequence!.id)).toBeGreaterThan(3_000);

    const reply = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '延时摄影', filters: { resolution: ['4k'] } } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.total).toBeGreaterThan(0);
    expect(reply.body.data.facets.mediaType?.find((b) => b.value === 'timelapse')?.count).toBeGreaterThan(0);
    const home = await h.call<{ topicList: { materialCount: number }[] }>('/home/index', { body: {} });
    expect(home.body.data.topicList).toHaveLength(12);
  });

  it('refuses a non-empty catalogue unless asked to replace it', async () => {
    await expect(generateMaterials({ databaseUrl: h.db.url, count: 10 })).rejects.toThrow('already holds');
    const result = await generateMaterials({ databaseUrl: h.db.url, count: 200, replace: true });
    await h.rebuildSearchIndex();
    expect(result.materials).toBe(200);
  });

  it('caps totals and paging at 10,000 on a larger catalogue, and says so', async () => {
    await generateMaterials({ databaseUrl: h.db.url, count: 24_000, distinctTexts: 400, replace: true });
    await h.rebuildSearchIndex();
    const browse = await h.call<MaterialSearchResponse>('/material/search', { body: { type: 'video' } });
    expect(browse.status).toBe(200);
    expect(browse.body.data).toMatchObject({ total: 10_000, totalCapped: true });
    const last = await h.call<MaterialSearchResponse>('/material/search', { body: { type: 'video', pageNo: 417, pageSize: 24 } });
    expect(last.body.data.infos.length).toBe(10_000 - 416 * 24);
    const beyond = await h.call<MaterialSearchResponse>('/material/search', { body: { type: 'video', pageNo: 418, pageSize: 24 } });
    expect(beyond.body.data.infos).toEqual([]);
    const narrow = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '延时摄影', type: 'video', filters: { resolution: ['8k'], count: ['1'] } } });
    expect(narrow.body.data.total).toBeLessThan(10_000);
    expect(narrow.body.data).not.toHaveProperty('totalCapped');
  });
});
