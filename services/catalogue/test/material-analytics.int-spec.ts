import { randomUUID } from 'node:crypto';
import { CartChanged, EarningsCredited, type MaterialAnalytics, type MaterialSearchResponse } from '@mkt/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@mkt/platform';
import { TestIdentityModule, grantContributorRights } from '@mkt/platform/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ActivityRecorder } from '../src/analytics/activity.recorder.js';
import { ActivityRepository } from '../src/analytics/activity.repository.js';
import { demandDay } from '../src/demand/demand-calendar.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';

/** Sales analytics: counted in memory and through the bus, read by each contributor for their own materials only. */
describe('catalogue: sales analytics', () => {
  let h: CatalogueHarness;
  let owner: string;
  let other: string;
  let buyer: string;
  const ownerId = randomUUID();
  const otherId = randomUUID();
  const ids: Record<string, number> = {};
  const analytics = (body: unknown, token = owner, lang = 'en') => h.call<MaterialAnalytics>('/material/analytics', { token, body, lang });
  const publish = async (definition: { name: string; version: number }, payload: unknown) => {
    const transport = h.server.app.get<EventTransport>(EVENT_TRANSPORT);
    const event = { id: randomUUID(), name: definition.name, version: definition.version, aggregateId: randomUUID(), occurredAt: new Date().toISOString(), payload };
    // Delivered twice: the handler's record of handled events makes the second a no-op.
    await transport.publish([event]);
    await transport.publish([event]);
  };
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  beforeAll(async () => {
    h = await startCatalogue({ modules: [TestIdentityModule], env: { READ_CACHE_SECONDS: '0' } });
    const created = await h.createMaterials([
      { ...FIXTURE.bund!, contributorId: ownerId },
      { ...FIXTURE.cityAerial!, contributorId: ownerId },
      { ...FIXTURE.tea!, contributorId: otherId },
    ]);
    [ids.bund, ids.cityAerial, ids.tea] = created.map((m) => m.id);
    grantContributorRights(ownerId, { gid: 3, videoFlag: true, photoFlag: true });
    grantContributorRights(otherId, { gid: 3, videoFlag: true, photoFlag: true });
    owner = await h.userToken(ownerId);
    other = await h.userToken(otherId);
    buyer = await h.userToken();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts appearances, views, favourites, cart adds and sales, and answers only the owner', async () => {
    const search = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '夜景' } });
    expect(search.body.data.infos.map((c) => c.id)).toEqual(expect.arrayContaining([ids.bund, ids.cityAerial]));
    await h.call('/material/detail', { body: { id: ids.bund } });
    await h.call('/material/detail', { body: { id: ids.bund } });
    await h.call('/preference/bookmark', { token: buyer, body: { targetId: ids.bund, targetType: 0 } });
    // Favouriting again is not a new favourite.
    await h.call('/preference/bookmark', { token: buyer, body: { targetId: ids.bund, targetType: 0 } });
    // Nothing written per request: the counts wait in memory for the flush.
    expect(await h.sql(`SELECT 1 FROM catalogue.material_activity`)).toHaveLength(0);
    await h.server.app.get(ActivityRecorder).flush();
    await publish(CartChanged, { userId: randomUUID(), added: [ids.bund], removed: [], changedAt: new Date().toISOString() });
    await publish(EarningsCredited, {
      orderId: randomUUID(),
      entries: [{ materialId: ids.bund, contributorId: ownerId, entryType: 'sale', earningFen: 1250, at: new Date().toISOString() }],
    });
    await until(async () => (await analytics({})).body.data.totals.earningsFen === 1250 && (await analytics({})).body.data.totals.cartAdds === 1 && (await analytics({})).body.data.totals.views === 2);

    const reply = await analytics({ period: 'day' });
    expect(reply.status).toBe(200);
    const today = demandDay(new Date());
    const data = reply.body.data;
    expect(data.to).toBe(today);
    expect(data.series).toHaveLength(30);
    expect(data.series.at(-1)).toEqual({ period: today, appearances: 2, views: 2, favourites: 1, cartAdds: 1, sales: 1, earningsFen: 1250 });
    expect(data.totals).toMatchObject({ views: 2, sales: 1, salesPerView: 0.5, cartAddsPerView: 0.5 });
    expect(data.rows.map((row) => row.materialId)).toEqual([ids.bund, ids.cityAerial]);
    expect(data.rows[0]).toMatchObject({ code: expect.any(String), title: 'Shanghai Bund night timelapse', earningsFen: 1250 });
    expect(data.total).toBe(2);

    // The same figures by week and quarter.
    for (const period of ['week', 'quarter']) expect((await analytics({ period })).body.data.totals).toMatchObject({ views: 2, sales: 1, earningsFen: 1250 });
    // One material, a search of the portfolio by title or code, and a kind filter.
    expect((await analytics({ materialId: ids.cityAerial })).body.data.totals).toMatchObject({ appearances: 1, views: 0 });
    expect((await analytics({ search: 'aerial' })).body.data.rows.map((row) => row.materialId)).toEqual([ids.cityAerial]);
    expect((await analytics({ kind: 'photo' })).body.data.total).toBe(0);
    expect((await analytics({ sort: 'appearances', order: 'asc', pageSize: 1, pageNo: 2 })).body.data.rows).toHaveLength(1);

    // The other contributor sees none of it; the tea garden's views are theirs alone.
    expect((await analytics({}, other)).body.data.totals.views).toBe(0);
    expect((await analytics({ materialId: ids.bund }, other)).status).toBe(404);
    expect((await analytics({ materialId: 999_999_999 })).status).toBe(404);
  });

  it('adds a batch once, however often it is delivered', async () => {
    const repository = h.server.app.get(ActivityRepository);
    const dataSource = h.server.app.get<DataSource>(getDataSourceToken('catalogue'));
    const batchId = randomUUID();
    const entries = [{ day: '2026-01-05', materialId: ids.tea!, appearances: 3, views: 1, favourites: 0, cartAdds: 0, sales: 0, earningsFen: 0 }];
    const applied = await dataSource.transaction(async (manager) => [await repository.addBatch(manager, batchId, entries), await repository.addBatch(manager, batchId, entries)]);
    expect(applied).toEqual([true, false]);
    const rows = await h.sql<{ period: string; appearances: number }>(`SELECT period, appearances FROM catalogue.material_activity WHERE material_id = $1 ORDER BY period`, [ids.tea]);
    expect(rows).toEqual([
      { period: 'd', appearances: 3 },
      { period: 'q', appearances: 3 },
      { period: 'w', appearances: 3 },
    ]);
  });

  it('reads a range of days from its whole weeks and edge days, and a portfolio from its per-kind rows, with the same sums as the days', async () => {
    const repository = h.server.app.get(ActivityRepository);
    const dataSource = h.server.app.get<DataSource>(getDataSourceToken('catalogue'));
    // 45 days from Thursday 2026-01-01, a different figure each day, on two of the owner's materials.
    const days = Array.from({ length: 45 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const entries = days.flatMap((day, i) => [
      { day, materialId: ids.cityAerial!, appearances: i + 1, views: i % 3, favourites: 0, cartAdds: 0, sales: i % 7 === 0 ? 1 : 0, earningsFen: i % 7 === 0 ? 990 : 0 },
      { day, materialId: ids.bund!, appearances: 2 * i + 5, views: 1, favourites: 0, cartAdds: 0, sales: 0, earningsFen: 0 },
    ]);
    await dataSource.transaction((manager) => repository.addBatch(manager, randomUUID(), entries));
    const daySums = async (from: string, to: string) =>
      h.sql<{ material_id: string; appearances: number; views: number; earnings_fen: number }>(
        `SELECT material_id, sum(appearances)::int AS appearances, sum(views)::int AS views, sum(earnings_fen)::int AS earnings_fen FROM catalogue.material_activity
          WHERE contributor_id = $1 AND period = 'd' AND period_start BETWEEN $2 AND $3 GROUP BY material_id ORDER BY material_id`,
        [ownerId, from, to],
      );
    // Edges mid-week, on a Monday, on a Sunday, and a range with no whole week.
    for (const [from, to] of [['2026-01-01', '2026-01-30'], ['2026-01-05', '2026-02-01'], ['2026-01-07', '2026-01-12'], ['2026-01-13', '2026-02-14']]) {
      const reply = (await analytics({ period: 'day', from, to, sort: 'appearances', order: 'asc' })).body.data;
      const expected = await daySums(from, to);
      expect(reply.rows.map((row) => [String(row.materialId), row.appearances, row.views, row.earningsFen]).sort()).toEqual(
        expected.map((row) => [row.material_id, row.appearances, row.views, row.earnings_fen]).sort(),
      );
      expect(reply.totals.appearances).toBe(expected.reduce((sum, row) => sum + row.appearances, 0));
      expect(reply.series.map((point) => point.period)).toEqual(days.filter((day) => day >= from && day <= to));
    }
  });

  it('refuses visitors and buyers, and answers bad input with a localized 422', async () => {
    expect((await h.call('/material/analytics', { body: {} })).status).toBe(401);
    expect((await analytics({}, buyer)).status).toBe(403);
    const bad = [
      { search: 'sun\u0000set'.repeat(20) },
      { materialId: '9'.repeat(40) },
      { materialId: 1e300 },
      { pageSize: 'ten' },
      { period: 'month' },
      { from: '2026-02-30' },
      { from: 20260101 },
      { sort: 'price; DROP TABLE' },
      { pageNo: -1 },
    ];
    for (const body of bad) {
      const reply = await analytics(body, owner, 'zh-CN');
      expect({ body, status: reply.status }).toEqual({ body, status: 422 });
      expect(reply.body.code).not.toBe(0);
    }
    const range = await analytics({ period: 'day', from: '2026-01-01', to: '2026-06-01' });
    expect(range.status).toBe(422);
    expect(range.body.message).toMatch(/range/);
    expect((await analytics({ period: 'day', from: '2026-03-05', to: '2026-03-01' }, owner, 'zh-CN')).body.message).toMatch(/范围/);
    // NUL anywhere in a body is refused at the edge, localized.
    const nul = await analytics({ search: 'aer\u0000ial' });
    expect(nul.status).toBe(422);
    expect(nul.body.message).not.toBe('');
  });
});
