import type { MaterialSearchResponse, SearchSynonymAdminView } from '@mkt/contracts';
import type { NewMaterial } from '../src/materials/material-writer.service.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';

/**
 * The synonym dictionary over real materials, through the store's search and the console, with
 * the read cache in front of the search as in production (READ_CACHE_SECONDS default).
 */
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
const MATERIALS: Record<string, NewMaterial> = {
  // Tagged only 航拍 and "aerial", its title says 航拍 too: the strongest text of all, found only by synonyms for "drone".
  aerialBoth: {
    kind: 'video', status: 'published', titleZh: '海岸航拍', titleEn: 'Aerial coast', keywordsZh: ['航拍', '海岸'], keywordsEn: ['aerial', 'coast'],
    filters: { mediaType: ['aerial'], resolution: ['4k'] }, salesCount: 900, onlineAt: day(1),
  },
  // Tagged only "aerial" (no Chinese tag at all).
  aerialEnglish: {
    kind: 'video', status: 'published', titleZh: '', titleEn: 'Aerial view of the harbour', keywordsZh: [], keywordsEn: ['aerial', 'harbour'],
    filters: { mediaType: ['aerial'], resolution: ['1080p'] }, salesCount: 500, onlineAt: day(2),
  },
  // Tagged only 航拍.
  aerialChinese: {
    kind: 'video', status: 'published', titleZh: '雪山航拍', titleEn: 'Snow peaks', keywordsZh: ['航拍', '雪山'], keywordsEn: ['snow', 'mountain'],
    filters: { mediaType: ['aerial'], resolution: ['4k'] }, salesCount: 400, onlineAt: day(3),
  },
  // The word itself, sold least: relevance must still put it first.
  droneExact: {
    kind: 'video', status: 'published', titleZh: '小型飞行器', titleEn: 'Drone taking off', keywordsZh: ['飞行器'], keywordsEn: ['drone', 'coast'],
    filters: { mediaType: ['live-action'], resolution: ['4k'] }, salesCount: 1, onlineAt: day(4),
  },
  timelapse: {
    kind: 'video', status: 'published', titleZh: '城市车流', titleEn: 'City traffic timelapse', keywordsZh: ['车流'], keywordsEn: ['timelapse', 'traffic'],
    filters: { mediaType: ['timelapse'] }, salesCount: 50, onlineAt: day(5),
  },
  timelapseChinese: {
    kind: 'video', status: 'published', titleZh: '云海延时', titleEn: 'Sea of clouds', keywordsZh: ['延时', '云海'], keywordsEn: ['clouds'],
    filters: { mediaType: ['timelapse'] }, salesCount: 40, onlineAt: day(6),
  },
  panda: {
    kind: 'video', status: 'published', titleZh: '大熊猫吃竹子', titleEn: 'Giant panda eating bamboo', keywordsZh: ['熊猫', '竹子'], keywordsEn: ['panda', 'bamboo'],
    filters: { mediaType: ['live-action'] }, salesCount: 300, onlineAt: day(7),
  },
};

describe('catalogue: search synonyms over real PostgreSQL', () => {
  let h: CatalogueHarness;
  let sales: string;
  let admin: string;
  let finance: string;
  const ids: Record<string, number> = {};
  const search = (body: Record<string, unknown>, lang = 'en') => h.call<MaterialSearchResponse>('/material/search', { body, lang });
  const found = async (body: Record<string, unknown>, lang = 'en') => {
    const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    const reply = await search(body, lang);
    expect(reply.status).toBe(200);
    return { names: reply.body.data.infos.map((card) => byId.get(card.id)), data: reply.body.data };
  };
  /** What a search answers, without the fields that are not about matching. */
  const answer = async (body: Record<string, unknown>, lang = 'en') => {
    const reply = await search(body, lang);
    if (reply.status !== 200) throw new Error(`${JSON.stringify(body)}: ${reply.status} ${reply.body.message}`);
    const { data } = reply.body;
    return { ids: data.infos.map((c) => c.id), total: data.total, facets: data.facets, normalizedKeyword: data.normalizedKeyword };
  };
  const count = (facets: MaterialSearchResponse['facets'], name: 'mediaType' | 'resolution', value: string) => facets[name]?.find((b) => b.value === value)?.count;

  const UNRELATED_QUERIES = [{ keyword: 'panda' }, { keyword: '熊猫 竹子' }, { keyword: 'coast' }, { keyword: 'harb' }, { keyword: 'pnda' }, { keyword: '雪山', sort: 'sales' }, {}];
  let before: Awaited<ReturnType<typeof answer>>[] = [];

  beforeAll(async () => {
    h = await startCatalogue();
    const entries = Object.entries(MATERIALS);
    const created = await h.createMaterials(entries.map(([, input]) => input));
    entries.forEach(([name], i) => (ids[name] = created[i]!.id));
    sales = await h.staffToken(['sales']);
    admin = await h.staffToken(['admin']);
    finance = await h.staffToken(['finance']);
    // Answers before any synonym exists (and cached by the read cache, which an edit must forget).
    before = [];
    for (const body of UNRELATED_QUERIES) before.push(await answer(body));
    expect((await found({ keyword: 'drone' })).names).toEqual(['droneExact']);
    expect((await found({ keyword: '无人机' }, 'zh-CN')).names).toEqual([]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a console edit is visible to the very next search: "drone" finds materials tagged only 航拍 or "aerial"', async () => {
    const created = await h.admin<SearchSynonymAdminView>('POST', '/search-synonyms', { token: sales, body: { terms: ['航拍', '無人機', 'Aerial', 'drone', 'Drone shot!', '空拍'] } });
    expect(created.status).toBe(201);
    // Stored cleaned: simplified, no punctuation, Latin lower-cased.
    expect(created.body.terms).toEqual(['航拍', '无人机', 'aerial', 'drone', 'drone shot', '空拍']);
    const rows = await h.sql<{ terms: string[] }>('SELECT terms FROM catalogue.search_synonyms');
    expect(rows).toEqual([{ terms: ['航拍', '无人机', 'aerial', 'drone', 'drone shot', '空拍'] }]);

    const drone = await found({ keyword: 'drone' });
    expect(drone.names.sort()).toEqual(['aerialBoth', 'aerialChinese', 'aerialEnglish', 'droneExact']);
    expect(drone.data.total).toBe(4);
    // "无人机" is in no material at all: it finds the ones tagged only "aerial" (and only 航拍).
    const wurenji = await found({ keyword: '无人机' }, 'zh-CN');
    expect(wurenji.names).toEqual(expect.arrayContaining(['aerialEnglish', 'aerialChinese', 'aerialBoth', 'droneExact']));
    expect(wurenji.data.total).toBe(4);
    // Traditional spelling of the query, a phrase term, and a plural.
    expect((await found({ keyword: '無人機' })).data.total).toBe(4);
    expect((await found({ keyword: 'drone shot' })).names.sort()).toEqual(['aerialBoth', 'aerialChinese', 'aerialEnglish', 'droneExact']);
    expect((await found({ keyword: 'drones' })).data.total).toBe(4);
  });

  it('ranks an exact match at least as high as a synonym-only match', async () => {
    // droneExact sells least and its text is weaker than aerialBoth's (航拍 and aerial in title and tags).
    const drone = await found({ keyword: 'drone' });
    expect(drone.names[0]).toBe('droneExact');
    const aerial = await found({ keyword: 'aerial' });
    expect(aerial.names.slice(0, 2).sort()).toEqual(['aerialBoth', 'aerialEnglish']);
    expect(aerial.names.slice(2).sort()).toEqual(['aerialChinese', 'droneExact']);
    const hangpai = await found({ keyword: '航拍' }, 'zh-CN');
    expect(hangpai.names.slice(0, 2).sort()).toEqual(['aerialBoth', 'aerialChinese']);
    // Other sorts are unchanged by relevance: sales order over the expanded set.
    expect((await found({ keyword: 'drone', sort: 'sales' })).names).toEqual(['aerialBoth', 'aerialEnglish', 'aerialChinese', 'droneExact']);
  });

  it('counts and facets the expanded query, and keeps different words combined with AND', async () => {
    const drone = (await found({ keyword: 'drone' })).data;
    expect(count(drone.facets, 'mediaType', 'aerial')).toBe(3);
    expect(count(drone.facets, 'mediaType', 'live-action')).toBe(1);
    expect(count(drone.facets, 'resolution', '4k')).toBe(3);
    expect(count(drone.facets, 'resolution', '1080p')).toBe(1);
    const filtered = await found({ keyword: 'drone', filters: { resolution: ['4k'] } });
    expect(filtered.names.sort()).toEqual(['aerialBoth', 'aerialChinese', 'droneExact']);
    expect(filtered.data.total).toBe(3);
    // A facet ignores its own selection but keeps the expanded keyword.
    expect(count(filtered.data.facets, 'resolution', '1080p')).toBe(1);
    expect(count(filtered.data.facets, 'mediaType', 'aerial')).toBe(2);
    // Every word must match: "drone" (or a synonym) AND "coast".
    expect((await found({ keyword: 'drone coast' })).names.sort()).toEqual(['aerialBoth', 'droneExact']);
    expect((await found({ keyword: '无人机 雪山' }, 'zh-CN')).names).toEqual(['aerialChinese']);
  });

  it('keeps typo correction, and expands the corrected word', async () => {
    const group = await h.admin<SearchSynonymAdminView>('POST', '/search-synonyms', { token: admin, body: { terms: ['timelapse', '延时', '延时摄影'] } });
    expect(group.status).toBe(201);
    expect((await found({ keyword: 'timelapse' })).names).toEqual(['timelapse', 'timelapseChinese']);
    expect((await found({ keyword: 'tmelapse' })).names).toEqual(['timelapse', 'timelapseChinese']);
    expect((await found({ keyword: '延时摄影' }, 'zh-CN')).names.sort()).toEqual(['timelapse', 'timelapseChinese']);
    expect((await h.admin('DELETE', `/search-synonyms/${group.body.id}`, { token: admin })).status).toBe(200);
    expect((await found({ keyword: 'tmelapse' })).names).toEqual(['timelapse']);
  });

  it('answers a query without synonyms exactly as before the dictionary existed', async () => {
    const after = [];
    for (const body of UNRELATED_QUERIES) after.push(await answer(body));
    expect(after).toEqual(before);
  });

  it('edits, lists and deletes through the console (admin and sales), audited, each edit seen by the next search', async () => {
    const [group] = (await h.admin<SearchSynonymAdminView[]>('GET', `/search-synonyms?filter=${encodeURIComponent(JSON.stringify({ q: '無人' }))}`, { token: finance })).body;
    expect(group?.terms).toContain('drone');
    const list = await h.admin<SearchSynonymAdminView[]>('GET', '/search-synonyms', { token: finance });
    expect(list.headers.get('content-range')).toBe('search-synonyms 0-0/1');

    expect((await h.admin('PUT', `/search-synonyms/${group!.id}`, { token: finance, body: { terms: ['a', 'b'] } })).status).toBe(403);
    const edited = await h.admin<SearchSynonymAdminView>('PUT', `/search-synonyms/${group!.id}`, { token: sales, body: { terms: ['航拍', 'aerial'] } });
    expect(edited.status).toBe(200);
    expect(edited.body.terms).toEqual(['航拍', 'aerial']);
    expect((await found({ keyword: 'drone' })).names).toEqual(['droneExact']);
    expect((await found({ keyword: 'aerial' })).names.sort()).toEqual(['aerialBoth', 'aerialChinese', 'aerialEnglish']);

    expect((await h.admin('DELETE', `/search-synonyms/${group!.id}`, { token: finance })).status).toBe(403);
    const removed = await h.admin<SearchSynonymAdminView>('DELETE', `/search-synonyms/${group!.id}`, { token: admin });
    expect(removed.body.terms).toEqual(['航拍', 'aerial']);
    expect((await h.admin('GET', `/search-synonyms/${group!.id}`, { token: admin })).status).toBe(404);
    expect((await found({ keyword: 'aerial' })).names.sort()).toEqual(['aerialBoth', 'aerialEnglish']);

    const log = await h.sql<{ action: string; before: { terms: string[] } | null; after: { terms: string[] } | null }>(
      `SELECT action, before, after FROM catalogue.audit_log WHERE resource = 'search-synonyms' AND resource_id = $1 ORDER BY at`,
      [String(group!.id)],
    );
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]).toMatchObject({ before: { terms: ['航拍', '无人机', 'aerial', 'drone', 'drone shot', '空拍'] }, after: { terms: ['航拍', 'aerial'] } });
  });

  it('is documented in the generated OpenAPI document with its request schema', async () => {
    const doc = (await (await fetch(`${h.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
    };
    const list = doc.paths['/admin-api/search-synonyms']!;
    const one = doc.paths['/admin-api/search-synonyms/{id}']!;
    expect(Object.keys(list).sort()).toEqual(['get', 'post']);
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'put']);
    expect(list.post!.tags).toEqual(['admin: search synonyms']);
    expect(list.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('terms');
  });

  it('refuses bad groups with 4xx and a message in the caller\'s language, never a 500', async () => {
    const post = (body: unknown) => h.admin<{ code: number; message: string }>('POST', '/search-synonyms', { token: sales, body });
    for (const body of [
      {},
      { terms: [] },
      { terms: ['drone'] },
      { terms: ['drone', ''] },
      { terms: Array.from({ length: 21 }, (_, i) => `word${i}`) },
      { terms: ['drone', 'x'.repeat(41)] },
      { terms: ['drone', 42] },
      { terms: 'drone,aerial' },
    ]) {
      const reply = await post(body);
      expect([reply.status, reply.body.code]).toEqual([422, 1400]);
    }
    const punctuation = await post({ terms: ['drone', '!!!'] });
    expect([punctuation.status, punctuation.body.code]).toEqual([422, 1400]);
    expect(punctuation.body.message).toBe('The synonym "!!!" must be 1 to 40 characters once punctuation is removed');
    const same = await post({ terms: ['Drone', 'drone!', 'DRONE'] });
    expect(same.status).toBe(422);
    expect(same.body.message).toMatch(/at least 2 different terms/);
    const zh = await fetch(`${h.url}/admin-api/search-synonyms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN', authorization: `Bearer ${sales}` },
      body: JSON.stringify({ terms: ['航拍', '航拍'] }),
    });
    expect(zh.status).toBe(422);
    expect(((await zh.json()) as { message: string }).message).toMatch(/同义词组至少需要 2 个不同的词/);
    const nul = await post({ terms: ['drone', 'aer\u0000ial'] });
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    expect((await h.admin('PUT', '/search-synonyms/999999', { token: sales, body: { terms: ['a', 'b'] } })).status).toBe(404);
    expect((await h.admin('PUT', '/search-synonyms/abc', { token: sales, body: { terms: ['a', 'b'] } })).status).toBe(404);
    expect((await h.sql('SELECT 1 FROM catalogue.search_synonyms')).length).toBe(0);
  });
});
