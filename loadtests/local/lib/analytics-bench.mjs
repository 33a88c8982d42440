// Sales analytics section of `npm run bench`: one contributor's portfolio of
// ANALYTICS_TARGETS.materials materials with a year of daily figures for every one of them (and
// their week and quarter rows, as the catalogue keeps them), written straight into the server's
// embedded database; then BENCH_ANALYTICS_REQUESTS distinct requests of POST /api/material/analytics
// as the material centre sends them (per day, week or quarter, ranges ending on different days,
// kinds, sorts, pages, portfolio searches and single materials), ANALYTICS_TARGETS.clients at a time.

import { loadavg } from 'node:os';
import pg from 'pg';
import { assertLoopback } from './loopback.mjs';
import { keepAliveClient } from './http.mjs';
import { summarize } from './stats.mjs';

/** @typedef {{ period: string, to: string, sort: string, order: string, pageNo: number, pageSize: number, kind?: string, search?: string, materialId?: number }} AnalyticsBody */

export const ANALYTICS_TARGETS = { p95Ms: 200, clients: 4, materials: 10_000, days: 365 };

const SORTS = ['appearances', 'views', 'favourites', 'cartAdds', 'sales', 'earningsFen', 'salesPerView'];
const PERIODS = ['day', 'week', 'quarter'];

/**
 * Creates `account` as a signed contributor (gid 3) before its first sign-in, as identity keeps them.
 * @param {string} databaseUrl @param {string} account
 */
export async function makeContributor(databaseUrl, account) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO identity.users (phone, nickname, gid, sign_flag, video_flag, photo_flag) VALUES ($1, 'Bench contributor', 3, true, true, true)
       ON CONFLICT (phone) DO UPDATE SET gid = 3`,
      [account],
    );
  } finally {
    await client.end();
  }
}

/**
 * @param {{ baseUrl: string, databaseUrl: string, requests: number, token: string, account: string, progress: (message: string) => void }} options
 */
export async function measureAnalytics({ baseUrl, databaseUrl, requests, token, account, progress }) {
  assertLoopback(baseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const { rows: [owner] } = await pool.query(`SELECT id FROM identity.users WHERE phone = $1`, [account]);
    if (!owner) throw new Error(`no account ${account}`);
    const { rows: mine } = await pool.query(
      `WITH picked AS (SELECT id FROM catalogue.materials WHERE status = 'published' ORDER BY id LIMIT $2)
       UPDATE catalogue.materials m SET contributor_id = $1 FROM picked WHERE m.id = picked.id RETURNING m.id, m.code, m.title_en`,
      [owner.id, ANALYTICS_TARGETS.materials],
    );
    if (mine.length < ANALYTICS_TARGETS.materials) throw new Error(`${mine.length} published materials: the portfolio needs ${ANALYTICS_TARGETS.materials}`);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - (ANALYTICS_TARGETS.days - 1) * 86_400_000).toISOString().slice(0, 10);
    progress(`analytics: writing ${ANALYTICS_TARGETS.days} days of figures for ${ANALYTICS_TARGETS.materials} materials`);
    const started = performance.now();
    // Every material has figures every day: the densest portfolio (a real one has days without views).
    await pool.query(
      `INSERT INTO catalogue.material_activity (contributor_id, period, period_start, material_id, kind, appearances, views, favourites, cart_adds, sales, earnings_fen)
       SELECT $1, 'd', d, m.id, m.kind, 1 + h % 60, (h % 60) / 6, (h % 97 = 0)::int, (h % 53 = 0)::int, (h % 211 = 0)::int, CASE WHEN h % 211 = 0 THEN 6000 ELSE 0 END
         FROM (SELECT id, kind FROM catalogue.materials WHERE contributor_id = $1) m
         CROSS JOIN generate_series($2::date, $3::date, interval '1 day') AS g(at)
         CROSS JOIN LATERAL (SELECT g.at::date AS d, abs(hashint8(m.id * 4099 + (g.at::date - DATE '2020-01-01'))) AS h) x`,
      [owner.id, first, today],
    );
    for (const [code, unit] of [['w', 'week'], ['q', 'quarter']]) {
      await pool.query(
        `INSERT INTO catalogue.material_activity (contributor_id, period, period_start, material_id, kind, appearances, views, favourites, cart_adds, sales, earnings_fen)
         SELECT contributor_id, $2, date_trunc($3, period_start)::date, material_id, kind, sum(appearances), sum(views), sum(favourites), sum(cart_adds), sum(sales), sum(earnings_fen)
           FROM catalogue.material_activity WHERE contributor_id = $1 AND period = 'd' GROUP BY 1, 3, 4, 5`,
        [owner.id, code, unit],
      );
    }
    // The portfolio's own rows per kind, as the catalogue writes them next to the materials' rows.
    await pool.query(
      `INSERT INTO catalogue.contributor_activity (contributor_id, period, period_start, kind, appearances, views, favourites, cart_adds, sales, earnings_fen)
       SELECT contributor_id, period, period_start, kind, sum(appearances), sum(views), sum(favourites), sum(cart_adds), sum(sales), sum(earnings_fen)
         FROM catalogue.material_activity WHERE contributor_id = $1 GROUP BY 1, 2, 3, 4`,
      [owner.id],
    );
    await pool.query('VACUUM (ANALYZE) catalogue.material_activity, catalogue.contributor_activity');
    const writeMs = performance.now() - started;
    const { rows: [{ rows }] } = await pool.query(`SELECT count(*)::int AS rows FROM catalogue.material_activity WHERE contributor_id = $1`, [owner.id]);

    // Distinct requests: a seeded walk through what the view sends.
    let seed = 7;
    const random = (/** @type {number} */ n) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const dayBefore = (/** @type {number} */ days) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const bodies = Array.from({ length: requests }, (_, i) => {
      const period = PERIODS[i % 3];
      /** @type {AnalyticsBody} */
      const body = { period, to: dayBefore(random(300)), sort: SORTS[random(SORTS.length)], order: random(4) === 0 ? 'asc' : 'desc', pageNo: 1 + random(i % 4 === 0 ? 20 : 2), pageSize: 20 };
      if (random(4) === 0) body.kind = random(2) ? 'video' : 'photo';
      const pick = mine[random(mine.length)];
      if (i % 10 === 3) body.search = pick.code;
      else if (i % 10 === 6) body.search = String(pick.title_en).split(' ')[0] ?? '';
      else if (i % 10 === 9) body.materialId = Number(pick.id);
      return body;
    });
    progress(`analytics: ${requests} distinct requests, ${ANALYTICS_TARGETS.clients} clients`);
    const run = await sendEach({ baseUrl, bodies, token });
    return { materials: ANALYTICS_TARGETS.materials, days: ANALYTICS_TARGETS.days, rows, writeMs, clients: ANALYTICS_TARGETS.clients, run, loadAverage: loadavg().map((value) => Number(value.toFixed(2))) };
  } finally {
    await pool.end();
  }
}

/**
 * Each body sent once, ANALYTICS_TARGETS.clients at a time, each client on its own kept-alive connection.
 * @param {{ baseUrl: string, bodies: AnalyticsBody[], token: string }} options
 */
async function sendEach({ baseUrl, bodies, token }) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, number[]>} */
  const byPeriod = { day: [], week: [], quarter: [] };
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ANALYTICS_TARGETS.clients }, async () => {
      const client = keepAliveClient();
      try {
        for (let i = next++; i < bodies.length; i = next++) {
          const t = performance.now();
          const answer = await client.postJson(`${baseUrl}/api/material/analytics`, bodies[i], 30_000, { 'accept-language': i % 2 ? 'en' : 'zh-CN', access_token: token });
          const ms = performance.now() - t;
          if (answer.status !== 200 || answer.json?.code !== 0 || !Array.isArray(answer.json.data?.series)) errors += 1;
          else {
            latencies.push(ms);
            byPeriod[bodies[i].period].push(ms);
          }
        }
      } finally {
        client.close();
      }
    }),
  );
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / ((performance.now() - started) / 1000),
    latencyMs: summarize(latencies),
    byPeriod: Object.fromEntries(Object.entries(byPeriod).map(([period, values]) => [period, summarize(values)])),
  };
}
