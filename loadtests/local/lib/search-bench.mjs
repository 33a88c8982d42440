// Search benchmark: a large generated catalogue in the server's embedded database, then the
// store's search, home and detail calls under autocannon, beside the same search statements
// run straight through a plain `pg` pool (the floor: what PostgreSQL alone costs).
// Only 127.0.0.1 is contacted; every loop is bounded by its duration.

import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import pg from 'pg';
import { assertLoopback } from './loopback.mjs';
import { callJson } from './http.mjs';
import { runLoad } from './load.mjs';
import { ratio, summarize } from './stats.mjs';

export const TARGETS_MS = { searchP95: 50, homeP95: 20, detailP95: 20 };

/**
 * @typedef {{ body: Record<string, unknown>, lang: 'zh-CN' | 'en', kind: string }} BenchQuery
 */

/**
 * The fixed set of 50 mixed searches. Copy numbers and ids come from the loaded catalogue.
 * @param {{ codes: string[], ids: number[] }} lookups  3 copy numbers and 2 ids that exist
 * @returns {BenchQuery[]}
 */
export function searchQueries({ codes, ids }) {
  /** @type {BenchQuery[]} */
  const queries = [];
  /** @param {string} kind @param {'zh-CN' | 'en'} lang @param {Record<string, unknown>[]} bodies */
  const add = (kind, lang, bodies) => bodies.forEach((body) => queries.push({ body, lang, kind }));
  add('chinese', 'zh-CN', [
    { keyword: '上海外滩夜景' }, { keyword: '延时摄影' }, { keyword: '航拍' }, { keyword: '城市夜景' }, { keyword: '西湖' },
    { keyword: '大熊猫' }, { keyword: '日落' }, { keyword: '长城航拍' }, { keyword: '雪山日出' }, { keyword: '茶园' },
    { keyword: '海浪慢动作' }, { keyword: '夜市人群' }, { keyword: '古镇' }, { keyword: '上海外灘' },
  ]);
  add('english', 'en', [
    { keyword: 'timelapse' }, { keyword: 'aerial' }, { keyword: 'sunset' }, { keyword: 'skyline' }, { keyword: 'giant panda' },
    { keyword: 'ocean waves' }, { keyword: 'tea garden' }, { keyword: 'tmelapse' }, { keyword: 'night market' },
    { keyword: 'snow mountain sunrise' }, { keyword: 'coffee shop' }, { keyword: 'beijing' },
  ]);
  add('filtered', 'en', [
    { filters: { resolution: ['4k'] } },
    { keyword: '航拍', filters: { resolution: ['4k'], frameRate: ['60'] } },
    { filters: { mediaType: ['aerial', 'timelapse'] } },
    { keyword: 'sunset', filters: { people: ['none'] } },
    { type: 'pic', filters: { composition: ['wide'] } },
    { categoryId: 1 },
    { from: 'raw' },
    { keyword: 'city', filters: { duration: ['10-30'], shootingType: ['drone'] } },
  ]);
  add('sorted', 'en', [
    { sort: 'sales' }, { keyword: '夜景', sort: 'newest' }, { keyword: 'timelapse', sort: 'sales' }, { type: 'pic', sort: 'sales' },
    { keyword: '上海', sort: 'newest' }, {},
  ]);
  add('paged', 'en', [
    { keyword: '延时摄影', pageNo: 5 }, { pageNo: 20 }, { keyword: 'aerial', pageNo: 3, pageSize: 60 }, { sort: 'sales', pageNo: 100 },
    { type: 'pic', keyword: 'beach', pageNo: 2 },
  ]);
  add('lookup', 'en', [...codes.slice(0, 3).map((code) => ({ keyword: code })), ...ids.slice(0, 2).map((id) => ({ keyword: String(id) }))]);
  return queries;
}

/**
 * @param {string} root   repository root (the built catalogue lives in services/catalogue/dist)
 * @param {string} path
 */
const importBuilt = (root, path) => import(pathToFileURL(join(root, path)).href);

/**
 * Loads `count` materials with the catalogue's own generator (built), into the database at `databaseUrl`.
 * @param {{ root: string, databaseUrl: string, count: number, progress: (message: string) => void }} options
 */
export async function loadCatalogue({ root, databaseUrl, count, progress }) {
  assertLoopback(databaseUrl.replace(/^postgres(ql)?:/, 'http:'));
  const { generateMaterials } = await importBuilt(root, 'services/catalogue/dist/demo/bench/generate-materials.js');
  let last = 0;
  return generateMaterials({
    databaseUrl,
    count,
    onProgress: (/** @type {string} */ message) => {
      // Progress lines at most every 5 s, plus every finished step.
      if (!message.startsWith('materials:') || performance.now() - last > 5_000) {
        last = performance.now();
        progress(message);
      }
    },
  });
}

/**
 * The statements the PostgreSQL adapter sends for each query (once its browse-facet cache is
 * warm, as in the running server), plus the card statement: captured through a recording data
 * source backed by `pool`.
 * @param {{ root: string, pool: pg.Pool, queries: BenchQuery[] }} options
 * @returns {Promise<{ statements: { sql: string, params: unknown[] }[][], cards: (ids: number[]) => { sql: string, params: unknown[] } }>}
 */
export async function captureStatements({ root, pool, queries }) {
  const { PostgresMaterialSearchIndex } = await importBuilt(root, 'services/catalogue/dist/search/postgres-material-search-index.js');
  const { CARD_COLUMNS, bookmarkJoin } = await importBuilt(root, 'services/catalogue/dist/store/material-cards.js');
  const { materialSearchRequestSchema } = await importBuilt(root, 'libs/contracts/dist/index.js');
  /** @type {{ sql: string, params: unknown[] }[] | null} */
  let recording = null;
  const dataSource = {
    /** @param {string} sql @param {unknown[]} params */
    async query(sql, params = []) {
      recording?.push({ sql, params });
      return (await pool.query(sql, params)).rows;
    },
  };
  const index = new PostgresMaterialSearchIndex(dataSource);
  const statements = [];
  for (const query of queries) {
    const parsed = materialSearchRequestSchema.parse(query.body);
    await index.search(parsed, query.lang); // fills the browse-facet cache, as the server's warm-up does
    recording = [];
    await index.search(parsed, query.lang);
    statements.push(recording);
    recording = null;
  }
  const cardSql = `SELECT ${CARD_COLUMNS} FROM catalogue.materials m ${bookmarkJoin('$2')} WHERE m.id = ANY($1::bigint[]) AND m.status = 'published'`;
  return { statements, cards: (ids) => ({ sql: cardSql, params: [ids, null] }) };
}

/**
 * The floor: `connections` workers, each cycling through the queries for `durationSec`; one
 * query is its statements in parallel (as the adapter sends them), then the card statement.
 * @param {{ pool: pg.Pool, statements: { sql: string, params: unknown[] }[][], cards: (ids: number[]) => { sql: string, params: unknown[] }, connections: number, durationSec: number, warmupSec?: number }} options
 */
export async function runSqlFloor({ pool, statements, cards, connections, durationSec, warmupSec = 0 }) {
  /** @param {number} seconds @param {boolean} keep */
  const run = async (seconds, keep) => {
    /** @type {number[]} */
    const latencies = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const worker = async (/** @type {number} */ w) => {
      for (let i = w; performance.now() < deadline; i += 1) {
        const set = statements[i % statements.length];
        const t = performance.now();
        try {
          const results = await Promise.all(set.map((s) => pool.query(s.sql, s.params)));
          const ids = results[0].rows.map((/** @type {{ id: string }} */ row) => Number(row.id));
          if (ids.length) {
            const card = cards(ids);
            await pool.query(card.sql, card.params);
          }
          if (keep && latencies.length < 2_000_000) latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
    const elapsed = (performance.now() - started) / 1000;
    return { connections, durationSec: elapsed, requests: latencies.length, rps: latencies.length / elapsed, latencyMs: summarize(latencies), errors };
  };
  if (warmupSec > 0) await run(warmupSec, false);
  return run(durationSec, true);
}

/**
 * Everything after the catalogue is loaded: search at each level (server and floor), home and
 * detail at the highest level.
 * @param {{ root: string, baseUrl: string, databaseUrl: string, connections: number[], durationSec: number, warmupSec: number, progress: (message: string) => void, problems: string[] }} options
 */
export async function measureSearch({ root, baseUrl, databaseUrl, connections, durationSec, warmupSec, progress, problems }) {
  assertLoopback(baseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, application_name: 'bench-floor' });
  pool.on('error', () => undefined);
  try {
    const sample = await pool.query(
      `SELECT id, code FROM catalogue.materials WHERE status = 'published' ORDER BY md5(id::text) LIMIT 50`,
    );
    /** @type {{ id: string, code: string }[]} */
    const published = sample.rows;
    if (published.length < 5) throw new Error('the catalogue holds too few published materials for the search benchmark (BENCH_MATERIALS ≥ 100,000 recommended)');
    const queries = searchQueries({ codes: published.slice(0, 3).map((r) => r.code), ids: published.slice(3, 5).map((r) => Number(r.id)) });
    const requests = queries.map((q) => ({
      method: 'POST',
      path: '/api/material/search',
      headers: { 'content-type': 'application/json', 'accept-language': q.lang },
      body: JSON.stringify(q.body),
    }));
    // Every query once, checked, before any timing (also warms the server's caches).
    /** @type {{ kind: string, body: Record<string, unknown>, total: number, ms: number }[]} */
    const perQuery = [];
    for (const q of queries) {
      const t = performance.now();
      const answer = await callJson(`${baseUrl}/api/material/search`, { method: 'POST', headers: { 'accept-language': q.lang }, body: q.body, timeoutMs: 30_000 });
      const ms = performance.now() - t;
      if (answer.status !== 200 || answer.json?.code !== 0) throw new Error(`search ${JSON.stringify(q.body)} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      perQuery.push({ kind: q.kind, body: q.body, total: answer.json.data.total, ms });
    }
    progress(`50 searches checked (cold, one by one: slowest ${Math.round(Math.max(...perQuery.map((q) => q.ms)))} ms)`);

    /** @type {import('./load.mjs').LoadResult[]} */
    const server = [];
    for (const level of connections) {
      const run = await runLoad({ url: baseUrl, requests, connections: level, durationSec, warmupSec, timeoutSec: 30 });
      checkRun(run, 'search', problems);
      server.push(run);
      progress(`search, ${level} connection(s): ${Math.round(run.rps)} req/s, p95 ${run.latencyMs.p95?.toFixed(1)} ms`);
    }

    const { statements, cards } = await captureStatements({ root, pool, queries });
    /** @type {Awaited<ReturnType<typeof runSqlFloor>>[]} */
    const floor = [];
    for (const level of connections) {
      const run = await runSqlFloor({ pool, statements, cards, connections: level, durationSec, warmupSec });
      if (run.errors) problems.push(`SQL floor at ${level} connection(s): ${run.errors} failed queries`);
      floor.push(run);
      progress(`SQL floor, ${level} connection(s): ${Math.round(run.rps)} req/s, p95 ${run.latencyMs.p95?.toFixed(1)} ms`);
    }

    const top = Math.max(...connections);
    const home = await runLoad({
      url: `${baseUrl}/api/home/index`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: '{}',
      connections: top,
      durationSec,
      warmupSec,
    });
    checkRun(home, 'home', problems);
    progress(`home, ${top} connections: ${Math.round(home.rps)} req/s, p95 ${home.latencyMs.p95?.toFixed(1)} ms`);
    const detail = await runLoad({
      url: baseUrl,
      requests: published.map((row) => ({
        method: 'POST',
        path: '/api/material/detail',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ id: Number(row.id) }),
      })),
      connections: top,
      durationSec,
      warmupSec,
    });
    checkRun(detail, 'detail', problems);
    progress(`detail, ${top} connections: ${Math.round(detail.rps)} req/s, p95 ${detail.latencyMs.p95?.toFixed(1)} ms`);

    const searchTop = server[connections.indexOf(top)];
    const targets = {
      searchP95: { targetMs: TARGETS_MS.searchP95, actualMs: searchTop.latencyMs.p95, met: (searchTop.latencyMs.p95 ?? Infinity) < TARGETS_MS.searchP95 },
      homeP95: { targetMs: TARGETS_MS.homeP95, actualMs: home.latencyMs.p95, met: (home.latencyMs.p95 ?? Infinity) < TARGETS_MS.homeP95 },
      detailP95: { targetMs: TARGETS_MS.detailP95, actualMs: detail.latencyMs.p95, met: (detail.latencyMs.p95 ?? Infinity) < TARGETS_MS.detailP95 },
    };
    const firstPass = summarize(perQuery.map((q) => q.ms));
    return {
      queries: perQuery,
      firstPass,
      levels: connections.map((level, i) => ({
        connections: level,
        server: server[i],
        floor: floor[i],
        ratio: {
          rps: ratio(server[i].rps, floor[i].rps),
          p50: ratio(server[i].latencyMs.p50, floor[i].latencyMs.p50),
          p95: ratio(server[i].latencyMs.p95, floor[i].latencyMs.p95),
          p99: ratio(server[i].latencyMs.p99, floor[i].latencyMs.p99),
        },
      })),
      home,
      detail,
      targets,
    };
  } finally {
    await pool.end();
  }
}

/**
 * @param {import('./load.mjs').LoadResult} run
 * @param {string} target
 * @param {string[]} problems
 */
function checkRun(run, target, problems) {
  if (run.requests === 0) {
    problems.push(`${target} at ${run.connections} connection(s): no response at all within ${Math.round(run.durationSec)} s (every request slower than the run)`);
  }
  if (run.non2xx > 0 || run.errors > 0 || run.timeouts > 0) {
    problems.push(`${target} at ${run.connections} connection(s): ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts (status codes ${JSON.stringify(run.statusCodes)})`);
  }
}
