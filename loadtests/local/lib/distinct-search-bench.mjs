// Search as visitors get it: thousands of distinct, realistic queries generated from the
// benchmark vocabulary with a fixed seed, each sent once, to a server whose read cache is off,
// at several numbers of concurrent clients; beside the PostgreSQL adapter's cost for the same
// kind of queries (the SQL floor). Only 127.0.0.1 is contacted; every loop is bounded.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { keepAliveClient } from './http.mjs';
import { assertLoopback } from './loopback.mjs';
import { summarize } from './stats.mjs';

export const DISTINCT_TARGETS = { p95Ms: 50, p99Ms: 150, scaleRatioP95: 2 };

/**
 * @param {string} root
 * @param {string} path
 */
const importBuilt = (root, path) => import(pathToFileURL(join(root, path)).href);

/**
 * @typedef {{ shape: string, lang: 'zh-CN' | 'en', body: Record<string, unknown> }} DistinctQuery
 */

/**
 * `sets` disjoint sets of `count` distinct queries each (one per client level, so no level
 * repeats a query another level sent), plus a small warm-up set, from the catalogue's generator.
 * @param {{ root: string, databaseUrl: string, count: number, sets: number, seed?: number }} options
 * @returns {Promise<{ warmup: DistinctQuery[], sets: DistinctQuery[][] }>}
 */
export async function distinctQuerySets({ root, databaseUrl, count, sets, seed = 20261127 }) {
  const { generateSearchQueries } = await importBuilt(root, 'services/catalogue/dist/demo/bench/search-queries.js');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const categoryIds = (await client.query('SELECT id FROM catalogue.categories ORDER BY id')).rows.map((r) => Number(r.id));
    const topicIds = (await client.query('SELECT id FROM catalogue.topics ORDER BY id')).rows.map((r) => Number(r.id));
    /** @type {DistinctQuery[]} */
    const all = generateSearchQueries({ count: count * sets + 50, seed, categoryIds, topicIds });
    if (all.length < count * sets + 50) throw new Error(`only ${all.length} distinct queries could be generated`);
    return { warmup: all.slice(count * sets), sets: Array.from({ length: sets }, (_, i) => all.slice(i * count, (i + 1) * count)) };
  } finally {
    await client.end();
  }
}

/**
 * Other materials opened before the measured details. A server that has just started serves its
 * first few thousand detail pages at a third to a half of its speed (compilation, PostgreSQL's
 * caches of each pooled connection, the load generator's own): at 1M, 32 clients, consecutive
 * batches of 2,000 went 1,156 / 2,190 / 2,453 / 3,049 / 2,925 / 3,022 / 3,051 / 3,192 a second,
 * level from the fourth (docs/runbooks/benchmarks.md). Visitors of a running server meet the
 * level; the report shows the warm-up's own figures beside it.
 */
const DETAIL_WARMUP = 6_000;

/**
 * Detail requests for `sets` disjoint sets of `count` distinct published materials chosen at
 * random (a fixed order for the choice), one each: visitors open different materials, and no
 * read cache is between them. As for the searches, each client level gets its own set; a
 * warm-up of DETAIL_WARMUP other materials goes first, none of them among the measured.
 * @param {{ databaseUrl: string, count: number, sets: number }} options
 * @returns {Promise<{ warmup: DistinctQuery[], sets: DistinctQuery[][] }>}
 */
export async function distinctDetails({ databaseUrl, count, sets }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = (await client.query(`SELECT id FROM catalogue.materials WHERE status = 'published' AND kind IN ('video', 'photo') ORDER BY md5(id::text) LIMIT $1`, [count * sets + DETAIL_WARMUP])).rows;
    // A small catalogue warms up on what the measured sets leave.
    if (rows.length < count * sets) throw new Error(`only ${rows.length} published videos and photos for ${count * sets} distinct details`);
    /** @type {DistinctQuery[]} */
    const all = rows.map((row, i) => ({ shape: 'detail', lang: i % 2 === 0 ? 'zh-CN' : 'en', body: { id: Number(row.id) } }));
    return { warmup: all.slice(count * sets), sets: Array.from({ length: sets }, (_, i) => all.slice(i * count, (i + 1) * count)) };
  } finally {
    await client.end();
  }
}

/**
 * @typedef {object} DistinctRun
 * @property {number} clients
 * @property {number} queries
 * @property {number} requests   answered with code 0
 * @property {number} errors
 * @property {number} found      answers with at least one match
 * @property {number} rps
 * @property {number} durationSec
 * @property {import('./stats.mjs').Summary} latencyMs
 * @property {Record<string, import('./stats.mjs').Summary>} byShape
 * @property {number} [unsent]   queries the floor had no time left for
 */

/**
 * Latencies of answered queries, overall and by shape, and how many found something.
 * @param {number} queries  how many the run had to send
 */
function tally(queries) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<string, number[]>} */
  const byShape = new Map();
  const started = performance.now();
  const counts = { errors: 0, found: 0 };
  return {
    counts,
    /** @param {string} shape @param {number} ms @param {number} total */
    answered(shape, ms, total) {
      latencies.push(ms);
      if (!byShape.has(shape)) byShape.set(shape, []);
      byShape.get(shape)?.push(ms);
      if (total > 0) counts.found += 1;
    },
    /** @param {number} clients @returns {DistinctRun} */
    result(clients) {
      const durationSec = (performance.now() - started) / 1000;
      return {
        clients,
        queries,
        requests: latencies.length,
        errors: counts.errors,
        found: counts.found,
        rps: latencies.length / durationSec,
        durationSec,
        latencyMs: summarize(latencies),
        byShape: Object.fromEntries([...byShape].map(([shape, values]) => [shape, summarize(values)])),
      };
    },
  };
}

/**
 * Each query sent once, `clients` at a time, each client on its own kept-alive connection, to
 * `path` (the store search unless told; `found` counts answers whose `data.total` is above 0, or
 * every answer where there is no total).
 * @param {{ baseUrl: string, queries: DistinctQuery[], clients: number, path?: string, timeoutMs?: number }} options
 * @returns {Promise<DistinctRun>}
 */
export async function runDistinct({ baseUrl, queries, clients, path = '/api/material/search', timeoutMs = 30_000 }) {
  assertLoopback(baseUrl);
  const url = `${baseUrl}${path}`;
  const run = tally(queries.length);
  let next = 0;
  const client = async () => {
    const connection = keepAliveClient();
    try {
      for (let i = next++; i < queries.length; i = next++) {
        const query = queries[i];
        const t = performance.now();
        try {
          const answer = await connection.postJson(url, query.body, timeoutMs, { 'accept-language': query.lang });
          if (answer.status !== 200 || answer.json?.code !== 0) run.counts.errors += 1;
          else run.answered(query.shape, performance.now() - t, answer.json.data?.total ?? 1);
        } catch {
          run.counts.errors += 1;
        }
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return run.result(clients);
}

/**
 * The same kind of queries through the PostgreSQL adapter (today's SQL engine) over a plain pg
 * pool, plus the card statement, without the HTTP layer: what PostgreSQL alone costs. It is
 * slow at scale, so it runs for at most `maxSeconds` and reports how many queries it got through.
 * @param {{ root: string, databaseUrl: string, queries: DistinctQuery[], clients: number, maxSeconds: number }} options
 * @returns {Promise<DistinctRun>}
 */
export async function runDistinctFloor({ root, databaseUrl, queries, clients, maxSeconds }) {
  const { PostgresMaterialSearchIndex } = await importBuilt(root, 'services/catalogue/dist/search/postgres-material-search-index.js');
  const { CARD_COLUMNS, bookmarkJoin } = await importBuilt(root, 'services/catalogue/dist/store/material-cards.js');
  const { materialSearchRequestSchema } = await importBuilt(root, 'libs/contracts/dist/index.js');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients, application_name: 'bench-floor', statement_timeout: 60_000 });
  pool.on('error', () => undefined);
  const index = new PostgresMaterialSearchIndex({ query: async (/** @type {string} */ sql, /** @type {unknown[]} */ params = []) => (await pool.query(sql, params)).rows });
  const cardSql = `SELECT ${CARD_COLUMNS} FROM catalogue.materials m ${bookmarkJoin('$2')} WHERE m.id = ANY($1::bigint[]) AND m.status = 'published'`;
  const run = tally(queries.length);
  let next = 0;
  const deadline = performance.now() + maxSeconds * 1000;
  const client = async () => {
    for (let i = next++; i < queries.length && performance.now() < deadline; i = next++) {
      const query = queries[i];
      const t = performance.now();
      try {
        const result = await index.search(materialSearchRequestSchema.parse(query.body), query.lang);
        if (result.ids.length) await pool.query(cardSql, [result.ids, null]);
        run.answered(query.shape, performance.now() - t, result.total);
      } catch {
        run.counts.errors += 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, client));
  } finally {
    await pool.end();
  }
  const result = run.result(clients);
  return { ...result, unsent: Math.max(0, queries.length - result.requests - result.errors) };
}

/**
 * Proportional set size (kB) of a process and all its descendants, split into the process itself
 * (the server's Node process) and the rest (the embedded PostgreSQL's processes): memory they
 * share is counted once in the sum. Linux only; null elsewhere.
 * @param {number} root  the server's pid
 * @returns {{ nodeKB: number, othersKB: number, totalKB: number, processes: number } | null}
 */
export function treePss(root) {
  try {
    /** @type {Map<number, number[]>} */
    const children = new Map();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name (which may hold spaces) start after the last ')': state, ppid, ...
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent)?.push(Number(entry));
    }
    let nodeKB = 0;
    let othersKB = 0;
    let processes = 0;
    const pending = [root];
    while (pending.length > 0) {
      const pid = /** @type {number} */ (pending.pop());
      pending.push(...(children.get(pid) ?? []));
      let pss = 0;
      try {
        const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
        pss = match ? Number(match[1]) : 0;
      } catch {
        continue;
      }
      processes += 1;
      if (pid === root) nodeKB += pss;
      else othersKB += pss;
    }
    return { nodeKB, othersKB, totalKB: nodeKB + othersKB, processes };
  } catch {
    return null;
  }
}
