import { randomUUID } from 'node:crypto';
import type { MaterialSearchResponse, MusicSearchPage, SearchDemandAdminRow, SearchDemandLists } from '@mkt/contracts';
import { TestIdentityModule, grantContributorRights } from '@mkt/platform/testing';
import { addDays, demandDay } from '../src/demand/demand-calendar.js';
import { SearchDemandRecorder } from '../src/demand/search-demand.recorder.js';
import { SearchDemandService } from '../src/demand/search-demand.service.js';
import { SearchDemandSweeper } from '../src/demand/search-demand.sweeper.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';

describe('catalogue: search demand', () => {
  let h: CatalogueHarness;
  let contributor: string;
  let buyer: string;
  const flush = () => h.server.app.get(SearchDemandRecorder).flush();
  const search = (keyword: string, more: Record<string, unknown> = {}) => h.call<MaterialSearchResponse>('/material/search', { body: { keyword, ...more } });
  const lists = (body: unknown, token = contributor, lang = 'en') => h.call<SearchDemandLists>('/material/demand', { token, body, lang });
  /** Day rows written directly, for windows and sweeps at chosen dates. */
  const dayRow = (day: string, kind: string, query: string, searches: number, more: { zero?: number; results?: number; category?: number } = {}) =>
    h.sql(
      `INSERT INTO catalogue.search_demand_daily (day, kind, category_id, query, searches, zero_results, results_sum) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [day, kind, more.category ?? 0, query, searches, more.zero ?? 0, more.results ?? searches * 30],
    );

  beforeAll(async () => {
    h = await startCatalogue({ modules: [TestIdentityModule], env: { READ_CACHE_SECONDS: '0' } });
    await h.createMaterials(Object.values(FIXTURE));
    const contributorId = randomUUID();
    grantContributorRights(contributorId, { gid: 3, videoFlag: true, photoFlag: true });
    contributor = await h.userToken(contributorId);
    buyer = await h.userToken();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts keyword searches and what they led to, written in a batch, and lists them', async () => {
    const panda = await search('Panda');
    expect(panda.body.data.total).toBeGreaterThan(0);
    const token = panda.body.data.demandToken!;
    expect(token).toEqual(expect.any(String));
    await search('  PANDA ');
    await search('panda');
    const nothing = await search('独角兽');
    expect(nothing.body.data.total).toBe(0);
    await search('獨角獸');
    // Browsing without words is not demand: no token, nothing counted.
    expect((await search('')).body.data.demandToken).toBeUndefined();
    // The search itself refuses NUL (422): never counted, never a failed batch.
    expect((await search('sun\u0000set')).status).toBe(422);
    const music = await h.call<MusicSearchPage>('/music/search', { body: { keyword: 'piano', musicType: 1 } });
    expect(music.body.data.demandToken).toEqual(expect.any(String));

    // A replayed follow-up counts once; each follow-up is answered 200 with nothing.
    for (const action of ['open', 'open', 'order']) {
      const reply = await h.call('/material/searchFollowUp', { body: { token, action } });
      expect(reply).toMatchObject({ status: 200, body: { code: 0, data: null } });
    }
    expect(await h.sql(`SELECT 1 FROM catalogue.search_demand_daily`)).toHaveLength(0);
    await flush();

    const reply = await lists({ window: 7, kind: 'video' });
    expect(reply.status).toBe(200);
    const today = demandDay(new Date());
    expect(reply.body.data).toMatchObject({ window: 7, kind: 'video', categoryId: null, to: today, from: addDays(today, -6) });
    expect(reply.body.data.top).toEqual(
      expect.arrayContaining([
        { query: 'panda', searches: 3, averageResults: panda.body.data.total, openedShare: 0.333, orderedShare: 0.333 },
        { query: '独角兽', searches: 2, averageResults: 0, openedShare: 0, orderedShare: 0 },
      ]),
    );
    expect(reply.body.data.top.map((row) => row.query)).not.toContain('sun set');
    expect(reply.body.data.top[0]!.query).toBe('panda');
    // One result left 5/6 of each panda search unmet (2.5 in all): above two that found nothing.
    expect(reply.body.data.unmet).toEqual([
      expect.objectContaining({ query: 'panda', unmetDemand: 2.5 }),
      expect.objectContaining({ query: '独角兽', unmetDemand: 2 }),
    ]);
    expect((await lists({ window: 7, kind: 'music' })).body.data.top).toEqual([expect.objectContaining({ query: 'piano', searches: 1 })]);
  });

  it('ranks rising queries against the window before, and keeps categories apart when one is asked for', async () => {
    const today = demandDay(new Date());
    await dayRow(today, 'photo', 'lantern festival', 12, { category: 5 });
    await dayRow(addDays(today, -8), 'photo', 'lantern festival', 2, { category: 5 });
    await dayRow(today, 'photo', 'steady', 40, { category: 6 });
    await dayRow(addDays(today, -8), 'photo', 'steady', 40, { category: 6 });
    await dayRow(today, 'photo', 'few', 4, { category: 6 });
    const all = (await lists({ window: 7, kind: 'photo' })).body.data;
    expect(all.rising).toEqual([expect.objectContaining({ query: 'lantern festival', searches: 12, previousSearches: 2 })]);
    const five = (await lists({ window: 7, kind: 'photo', categoryId: 5 })).body.data;
    expect(five.top.map((row) => row.query)).toEqual(['lantern festival']);
    expect(five.categoryId).toBe(5);
  });

  it('cuts windows at midnight UTC+8', async () => {
    const service = h.server.app.get(SearchDemandService);
    // 16:30 UTC on 1 March is 00:30 on 2 March in UTC+8: the 7 days are 24 February to 2 March.
    const now = new Date('2026-03-01T16:30:00Z');
    await dayRow('2026-02-24', 'video', 'first day in', 3);
    await dayRow('2026-02-23', 'video', 'day before out', 3);
    await dayRow('2026-03-02', 'video', 'today in', 3);
    await dayRow('2026-03-03', 'video', 'tomorrow out', 3);
    const week = await service.lists({ window: 7, kind: 'video' }, now);
    expect(week).toMatchObject({ from: '2026-02-24', to: '2026-03-02' });
    expect(week.top.map((row) => row.query).sort()).toEqual(['first day in', 'today in']);
    // A second earlier it is still 1 March there.
    const before = await service.lists({ window: 7, kind: 'video' }, new Date('2026-03-01T15:59:59Z'));
    expect(before.top.map((row) => row.query).sort()).toEqual(['day before out', 'first day in']);
    const month = await service.lists({ window: 30, kind: 'video' }, now);
    expect(month.from).toBe('2026-02-01');
    expect(month.top.map((row) => row.query).sort()).toEqual(['day before out', 'first day in', 'today in']);
  });

  it('sweeps days older than 90', async () => {
    const now = new Date('2026-06-30T04:00:00Z');
    await dayRow(addDays('2026-06-30', -89), 'music', 'kept', 1);
    await dayRow(addDays('2026-06-30', -90), 'music', 'swept', 1);
    expect(await h.server.app.get(SearchDemandSweeper).sweep(now)).toBeGreaterThanOrEqual(1);
    const left = await h.sql<{ query: string }>(`SELECT query FROM catalogue.search_demand_daily WHERE kind = 'music' AND day < '2026-07-01'`);
    expect(left.map((row) => row.query)).toEqual(['kept']);
  });

  it('shows the lists to contributors only', async () => {
    const visitor = await h.call('/material/demand', { body: { window: 7, kind: 'video' } });
    expect(visitor).toMatchObject({ status: 401, body: { code: 1001 } });
    const refused = await lists({ window: 7, kind: 'video' }, buyer);
    expect(refused).toMatchObject({ status: 403, body: { code: 1003 } });
    // Refused before the body is read: a buyer learns nothing from a bad one either.
    expect((await lists({ window: 'x' }, buyer)).status).toBe(403);
  });

  it('refuses malformed input with a localized 422', async () => {
    for (const body of [
      { window: 8, kind: 'video' },
      { window: '7', kind: 'video' },
      { window: 1e308, kind: 'video' },
      { window: 7, kind: 'sfx' },
      { window: 7, kind: 'video', categoryId: 2 ** 53 },
      { window: 7, kind: 'video', categoryId: -1 },
    ]) {
      expect((await lists(body)).status).toBe(422);
    }
    const good = (await search('panda')).body.data.demandToken!;
    for (const body of [{ token: good, action: 'like' }, { token: 5, action: 'open' }, { token: '', action: 'open' }, { token: 'x'.repeat(5000), action: 'open' }, { token: `${good}\u0000`, action: 'open' }, {}]) {
      const reply = await h.call('/material/searchFollowUp', { body });
      expect(reply).toMatchObject({ status: 422, body: { code: 1400 } });
    }
    const [payload, signature] = good.split('.') as [string, string];
    const forgedPayload = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('panda', 'pandas')).toString('base64url');
    for (const token of [`${forgedPayload}.${signature}`, `${payload}.${signature}.x`, 'a.b']) {
      const en = await h.call('/material/searchFollowUp', { body: { token, action: 'open' } });
      expect(en).toMatchObject({ status: 422, body: { code: 1400, message: 'This search record is not valid or has expired' } });
    }
    const zh = await h.call('/material/searchFollowUp', { body: { token: `${forgedPayload}.${signature}`, action: 'order' }, lang: 'zh-CN' });
    expect(zh).toMatchObject({ status: 422, body: { message: '搜索记录凭证无效或已过期' } });
    expect((await h.call('/material/searchFollowUp', { raw: '{"token":' })).status).toBeGreaterThanOrEqual(400);
  });

  it('gives staff the same lists in the console, one list at a time', async () => {
    const staff = await h.staffToken(['reviewer']);
    const filter = encodeURIComponent(JSON.stringify({ window: 7, kind: 'video', list: 'unmet' }));
    const reply = await h.admin<SearchDemandAdminRow[]>('GET', `/search-demand?filter=${filter}&range=[0,9]`, { token: staff });
    expect(reply.status).toBe(200);
    expect(reply.body.slice(0, 2)).toEqual([
      expect.objectContaining({ id: 'unmet:1', list: 'unmet', rank: 1, query: 'panda' }),
      expect.objectContaining({ id: 'unmet:2', list: 'unmet', rank: 2, query: '独角兽' }),
    ]);
    expect(reply.headers.get('content-range')).toMatch(/^search-demand 0-\d+\/\d+$/);
    expect((await h.admin('GET', '/search-demand')).status).toBe(401);
    const bad = encodeURIComponent(JSON.stringify({ list: 'worst' }));
    expect((await h.admin('GET', `/search-demand?filter=${bad}`, { token: staff })).status).toBe(422);
  });

  it('is documented in the generated OpenAPI document with its request schemas', async () => {
    const doc = (await (await fetch(`${h.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
    };
    const followUp = doc.paths['/api/material/searchFollowUp']!.post!;
    expect(followUp.tags).toEqual(['store: search demand']);
    expect(Object.keys(followUp.requestBody!.content['application/json']!.schema.properties!).sort()).toEqual(['action', 'token']);
    expect(Object.keys(doc.paths['/api/material/demand']!.post!.requestBody!.content['application/json']!.schema.properties!).sort()).toEqual(['categoryId', 'kind', 'window']);
    expect(doc.paths['/admin-api/search-demand']!.get!.tags).toEqual(['admin: search demand']);
  });
});
