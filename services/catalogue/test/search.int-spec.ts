import type { MaterialSearchResponse } from '@mkt/contracts';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';
import { runRelevanceSuite } from './relevance-suite.js';

describe('catalogue: material search over real PostgreSQL', () => {
  let h: CatalogueHarness;
  const ids: Record<string, number> = {};
  const codes: Record<string, string> = {};
  const search = (body: Record<string, unknown>, lang = 'en') => h.call<MaterialSearchResponse>('/material/search', { body, lang });
  const names = (reply: { body: { data: MaterialSearchResponse } }) => {
    const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    return reply.body.data.infos.map((card) => byId.get(card.id));
  };

  beforeAll(async () => {
    h = await startCatalogue();
    const entries = Object.entries(FIXTURE);
    const created = await h.createMaterials(entries.map(([, input]) => input));
    entries.forEach(([name], i) => {
      ids[name] = created[i]!.id;
      codes[name] = created[i]!.code;
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('passes the shared relevance set', async () => {
    expect(await runRelevanceSuite(h.searchIndex(), ids)).toEqual([]);
  });

  it('finds by Chinese phrase, English stem, traditional spelling and typo over HTTP', async () => {
    const chinese = await search({ keyword: '上海外滩夜景' }, 'zh-CN');
    expect(chinese.status).toBe(200);
    expect(names(chinese)[0]).toBe('bund');
    expect(chinese.body.data.infos[0]).toMatchObject({ title: '上海外滩夜景延时摄影', code: codes.bund, kind: 'video', bookmarkId: null });
    expect(chinese.body.data.normalizedKeyword).toBe('上海 外滩 夜景');
    expect(names(await search({ keyword: 'sunsets' }))).toEqual(['sunsetSkyline']);
    expect(names(await search({ keyword: '上海外灘夜景' }))[0]).toBe('bund');
    expect(names(await search({ keyword: 'tmelapse' })).sort()).toEqual(['bund', 'stars']);
    // Titles written in traditional Chinese and with punctuation were stored folded.
    const stars = (await search({ keyword: '星空' }, 'zh-CN')).body.data.infos[0]!;
    expect(stars.title).toBe('银河星空延时摄影');
    const waves = (await search({ keyword: '海浪' }, 'zh-CN')).body.data.infos[0]!;
    expect(waves.title).toBe('海浪拍打礁石 慢动作');
  });

  it('finds exactly one material by copy number (any case) or by ID', async () => {
    for (const keyword of [codes.bund!, codes.bund!.toLowerCase(), ` ${codes.bund} `, String(ids.bund)]) {
      const reply = await search({ keyword });
      expect(names(reply)).toEqual(['bund']);
      expect(reply.body.data.total).toBe(1);
    }
    // A copy number names the material whatever the tab.
    expect(names(await search({ keyword: codes.forbiddenCity, type: 'video' }))).toEqual(['forbiddenCity']);
    expect((await search({ keyword: codes.draft })).body.data.total).toBe(0);
    expect((await search({ keyword: 'LV99999999' })).body.data.total).toBe(0);
  });

  it('filters (AND across names, OR within one) and counts facets ignoring their own selection', async () => {
    const aerialOr = await search({ filters: { mediaType: ['aerial', 'timelapse'] } });
    expect(aerialOr.body.data.total).toBe(6);
    const and = await search({ filters: { mediaType: ['aerial', 'timelapse'], resolution: ['4k'] } });
    expect(names(and).sort()).toEqual(['bund', 'cityAerial', 'tea']);
    const facets = and.body.data.facets;
    // mediaType counts ignore the mediaType selection but keep resolution=4k.
    expect(facets.mediaType?.find((b) => b.value === 'live-action')?.count).toBe(2);
    expect(facets.mediaType?.find((b) => b.value === 'aerial')?.count).toBe(2);
    // resolution counts keep the mediaType selection.
    expect(facets.resolution?.find((b) => b.value === '4k')?.count).toBe(3);
    expect(facets.resolution?.find((b) => b.value === '8k')?.count).toBe(1);
    expect(facets.resolution?.find((b) => b.value === '720p')?.count).toBe(0);
    const keywordFacets = (await search({ keyword: '航拍' })).body.data.facets;
    expect(keywordFacets.shootingType?.find((b) => b.value === 'drone')?.count).toBe(2);
    expect(names(await search({ from: 'raw' }))).toEqual(['greenScreen']);
    expect(names(await search({ type: 'pic', from: 'external' }))).toEqual(['sunsetPhoto']);
  });

  it('sorts by newest, sales and relevance with stable paging', async () => {
    const newest = names(await search({ sort: 'newest', pageSize: 3 }));
    expect(newest).toEqual(['greenScreen', 'sunsetSkyline', 'train']);
    const sales = names(await search({ sort: 'sales', pageSize: 3 }));
    expect(sales).toEqual(['panda', 'bund', 'cityAerial']);
    const page1 = await search({ sort: 'sales', pageSize: 4, pageNo: 1 });
    const page3 = await search({ sort: 'sales', pageSize: 4, pageNo: 3 });
    expect(page1.body.data.total).toBe(10);
    expect(page3.body.data).toMatchObject({ total: 10, pageNo: 3, pageSize: 4 });
    expect(page3.body.data.infos).toHaveLength(2);
    const beyond = await search({ sort: 'sales', pageSize: 4, pageNo: 9 });
    expect(beyond.body.data).toMatchObject({ total: 10, infos: [] });
    const all = [1, 2, 3].map((pageNo) => search({ sort: 'sales', pageSize: 4, pageNo }));
    const seen = (await Promise.all(all)).flatMap((r) => names(r));
    expect(new Set(seen).size).toBe(10);
    expect(names(await search({ keyword: 'city' }))[0]).toBeDefined();
  });

  it('never fails on odd input, and refuses invalid input with 422', async () => {
    const empty = await search({ keyword: '' });
    expect(empty.body.data.total).toBe(10);
    for (const keyword of ["'; DROP TABLE catalogue.materials; --", '& | ! :* ()', '\\', '％％', '🙂', ' ', '   a   ']) {
      const reply = await search({ keyword });
      expect(reply.status).toBe(200);
    }
    expect((await h.sql<{ n: string }>('SELECT count(*) AS n FROM catalogue.materials'))[0]!.n).toBe(String(Object.keys(FIXTURE).length));
    for (const body of [
      { keyword: 'x'.repeat(10_000) },
      { pageNo: -1 },
      { pageNo: 0 },
      { pageSize: 1000 },
      { filters: { resolution: ['16k'] } },
      { sort: 'random' },
      { type: 'music' },
    ]) {
      const reply = await search(body);
      expect(reply.status).toBe(422);
      expect(reply.body.code).toBe(1400);
    }
    const malformed = await h.call('/material/search', { raw: '{oops' });
    expect(malformed.status).toBe(400);
  });
});
