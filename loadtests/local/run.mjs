#!/usr/bin/env node
// `npm run bench`: measures the single-machine server where it runs, after `npm run build`.
//
//   1. start-up: spawn -> first 200 on GET /health/ready, median of cold starts (fresh data
//      folder, so initdb included) and of warm restarts (same folder), each stopped by SIGTERM;
//   2. POST /api/session with a signed-in token, with autocannon at each concurrency level,
//      against the real server and against a bare Node http server returning the same body;
//   3. the store's initial JavaScript for the home route, gzipped;
//   4. search at scale: a fresh server, BENCH_MATERIALS generated materials loaded into its
//      embedded database, 50 mixed searches at each concurrency level (server, and the same
//      statements through a plain pg pool: the floor), home and detail at the highest level,
//      then the session check of step 2 again on that server, beside a bare server;
//   5. orders (BENCH_ORDERS orders of 2 items; BENCH_ORDERS=0 skips): order submission latency,
//      confirmation-to-licence latency p50/p95 through the event bus, authorization PDFs per second,
//      BENCH_ORDERS downloads under the demo enterprise project (p50/p95 to a signed link) and a
//      personal licence's 1080P copy of a 10 s 4K clip beside the raw ffmpeg command;
//   6. music: waveform peak generation time for a 3-minute track and the gzip size of the
//      store's lazy player chunk (skipped with BENCH_MUSIC=0);
//   8. payouts: the statements of a closed quarter for BENCH_PAYOUT_CONTRIBUTORS contributors and
//      BENCH_PAYOUT_LINES ledger entries, time and the server's peak memory, then the same quarter
//      again (must produce nothing) (skipped with BENCH_PAYOUT_LINES=0);
//   9. judging: BENCH_JUDGES judges scoring BENCH_JUDGING_ENTRIES contest entries at once through
//      the judge portal (p50/p95 per score), then the results computation (BENCH_JUDGING_ENTRIES=0 skips);
//   7. uploads: a BENCH_UPLOAD_MB file sent as the browser does (1 MB parts, 10 in parallel)
//      beside a single-stream copy of it on loopback (one streamed PUT to a bare Node receiver)
//      and a plain file copy, and the processing time of a 10 s 1080p clip
//      beside the raw ffmpeg commands the pipeline runs (skipped with BENCH_UPLOADS=0);
//  11. boards: BENCH_BOARDS boards of 500 items with 200 comments, each board's first page opened
//      once by its owner and once by a guest link at 8 clients (BENCH_BOARDS=0 skips);
//  12. sales analytics: a contributor's 10,000 materials with a year of daily figures, then
//      BENCH_ANALYTICS_REQUESTS distinct analytics requests at 4 clients (BENCH_ANALYTICS=0 skips);
//  10. visual discovery: a fresh server with BENCH_VISUAL_MATERIALS generated materials and about
//      BENCH_VISUAL_FRAMES visual-index frames; start-up and the index's build time and memory;
//      search by image with BENCH_IMAGE_QUERIES distinct 1920x1080 JPEGs at 8 clients (decoding
//      included), their further pages, keyword search with and without a colour at 32 clients side
//      by side, and the ingest near-duplicate check over the same frames (BENCH_VISUAL=0 skips).
//
// Prints a table and writes reports/bench-<timestamp>.json and reports/bench-latest.md.
// Only 127.0.0.1 is contacted; every loop is bounded; child processes never outlive the run.
//
// Settings (environment, all optional):
//   BENCH_CONNECTIONS=1,32  BENCH_DURATION_SEC=10  BENCH_WARMUP_SEC=2  BENCH_STARTS=3
//   BENCH_LOG_LEVEL=warn    BENCH_READY_TIMEOUT_SEC=600  BENCH_KEEP_DATA=false
//   BENCH_SEARCH=1  BENCH_MATERIALS=1000000  BENCH_PG_SHARED_BUFFERS=2GB  BENCH_SEARCH_DEMAND=1  BENCH_ANALYTICS_COUNTING=on
//   BENCH_ORDERS=30  BENCH_MUSIC=1  BENCH_UPLOADS=1  BENCH_UPLOAD_MB=200
//   BENCH_PAYOUT_LINES=1000000  BENCH_PAYOUT_CONTRIBUTORS=10000  BENCH_JUDGING_ENTRIES=10000  BENCH_JUDGES=30
//   BENCH_ANALYTICS=1  BENCH_ANALYTICS_REQUESTS=600
//   BENCH_VISUAL=1  BENCH_VISUAL_MATERIALS=1000000  BENCH_VISUAL_FRAMES=10000000  BENCH_IMAGE_QUERIES=300
//   BENCH_SERVER=apps/standalone/dist/main.js  BENCH_STORE_DIST=web-store/dist  BENCH_REPORTS_DIR=reports

import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { measureInitialJs } from './lib/bundle.mjs';
import { measureMusic } from './lib/music-bench.mjs';
import { callJson } from './lib/http.mjs';
import { runLoad } from './lib/load.mjs';
import { renderMarkdown, renderText, writeReport } from './lib/report.mjs';
import { measureOrders } from './lib/orders-bench.mjs';
import { measureJudging } from './lib/judging-bench.mjs';
import { BOARD_TARGETS, measureBoards } from './lib/boards-bench.mjs';
import { ANALYTICS_TARGETS, makeContributor, measureAnalytics } from './lib/analytics-bench.mjs';
import { PHONE_TARGETS, measurePhone } from './lib/phone-bench.mjs';
import { measurePayouts } from './lib/payouts-bench.mjs';
import { DISTINCT_TARGETS, distinctDetails, distinctQuerySets, runDistinct, runDistinctFloor, treePss } from './lib/distinct-search-bench.mjs';
import { TARGETS_MS, loadCatalogue, measureSearch } from './lib/search-bench.mjs';
import { measureUploads } from './lib/uploads-bench.mjs';
import { VISUAL_TARGETS, loadVisualIndex, measureDuplicateCheck, metric, queryPictures, runColourFilter, runImageSearch, runImageSearchPages } from './lib/visual-bench.mjs';
import { findFreePort, startServer, stopAll } from './lib/server.mjs';
import { formatCount, formatKB, formatMs, formatRatio, median, ratio } from './lib/stats.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BARE_SERVER = join(dirname(fileURLToPath(import.meta.url)), 'lib', 'bare-server.mjs');
const BARE_PART_RECEIVER = join(dirname(fileURLToPath(import.meta.url)), 'lib', 'bare-part-receiver.mjs');
const ACCOUNT = '13800009999';
const BUNDLE_TARGET_BYTES = 200 * 1024;

/** Settings that would switch the server out of single-machine mode: never inherited. */
const INFRASTRUCTURE_ENV = [
  'DATABASE_URL', 'EVENT_BUS', 'KAFKA_BROKERS', 'KAFKA_CLIENT_ID', 'STORAGE', 'S3_ENDPOINT', 'S3_PORT',
  'S3_USE_SSL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION', 'S3_BUCKET_PREFIX', 'SEARCH',
  'OPENSEARCH_URL', 'NOTIFIER', 'SMTP_URL', 'SERVE_WEB', 'EMBEDDED_PG_PORT',
];

/**
 * @param {NodeJS.ProcessEnv} env
 */
function readSettings(env) {
  /**
   * @param {string} name
   * @param {number} fallback
   * @param {number} min
   * @param {number} max
   */
  const number = (name, fallback, min, max) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number within ${min}..${max}, got "${raw}"`);
    return value;
  };
  /**
   * @param {string} raw @param {string} name @param {number} [max]
   * @returns {number[]}
   */
  const levels = (raw, name, max = 1024) => {
    const list = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const value = Number(part);
        if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name}: "${part}" is not within 1..${max}`);
        return value;
      });
    if (list.length === 0 || list.length > 8) throw new Error(`${name} must list 1 to 8 levels`);
    return list;
  };
  const connections = levels(env.BENCH_CONNECTIONS ?? '1,32', 'BENCH_CONNECTIONS');
  const inRoot = (/** @type {string} */ path) => (isAbsolute(path) ? path : join(ROOT, path));
  return {
    connections,
    durationSec: number('BENCH_DURATION_SEC', 10, 1, 300),
    warmupSec: number('BENCH_WARMUP_SEC', 2, 0, 60),
    starts: number('BENCH_STARTS', 3, 1, 10),
    // The first demo-seeded server of a machine renders the demo contests' media (a few minutes on two cores).
    readyTimeoutMs: number('BENCH_READY_TIMEOUT_SEC', 600, 5, 1800) * 1000,
    logLevel: env.BENCH_LOG_LEVEL || 'warn',
    keepData: env.BENCH_KEEP_DATA === 'true' || env.BENCH_KEEP_DATA === '1',
    search: !['0', 'false', 'no'].includes((env.BENCH_SEARCH ?? '1').toLowerCase()),
    materials: number('BENCH_MATERIALS', 1_000_000, 1_000, 5_000_000),
    distinctQueries: number('BENCH_DISTINCT_QUERIES', 2_000, 100, 20_000),
    floorSec: number('BENCH_FLOOR_SEC', 20, 1, 600),
    searchClients: levels(env.BENCH_SEARCH_CLIENTS ?? '1,8,32', 'BENCH_SEARCH_CLIENTS'),
    searchDemand: !['0', 'false', 'no'].includes((env.BENCH_SEARCH_DEMAND ?? '1').toLowerCase()),
    /** MATERIAL_ANALYTICS in every round of the demand comparison: on as in production, off to see what it adds. */
    analyticsCounting: ['0', 'false', 'no', 'off'].includes((env.BENCH_ANALYTICS_COUNTING ?? 'on').toLowerCase()) ? 'off' : 'on',
    searchSizes: levels(env.BENCH_SEARCH_SIZES ?? `100000,${env.BENCH_MATERIALS || 1_000_000}`, 'BENCH_SEARCH_SIZES', 5_000_000),
    pgSharedBuffers: env.BENCH_PG_SHARED_BUFFERS || '2GB',
    orders: number('BENCH_ORDERS', 30, 0, 1_000),
    music: !['0', 'false', 'no'].includes((env.BENCH_MUSIC ?? '1').toLowerCase()),
    uploads: !['0', 'false', 'no'].includes((env.BENCH_UPLOADS ?? '1').toLowerCase()),
    uploadMB: number('BENCH_UPLOAD_MB', 200, 1, 3072),
    payoutLines: number('BENCH_PAYOUT_LINES', 1_000_000, 0, 10_000_000),
    judgingEntries: number('BENCH_JUDGING_ENTRIES', 10_000, 0, 1_000_000),
    boards: number('BENCH_BOARDS', 240, 0, 5_000),
    analytics: !['0', 'false', 'no'].includes((env.BENCH_ANALYTICS ?? '1').toLowerCase()),
    analyticsRequests: number('BENCH_ANALYTICS_REQUESTS', 600, 50, 20_000),
    phoneRuns: number('BENCH_PHONE_RUNS', 12, 0, 200),
    judges: number('BENCH_JUDGES', 30, 1, 500),
    payoutContributors: number('BENCH_PAYOUT_CONTRIBUTORS', 10_000, 1, 1_000_000),
    visual: !['0', 'false', 'no'].includes((env.BENCH_VISUAL ?? '1').toLowerCase()),
    visualMaterials: number('BENCH_VISUAL_MATERIALS', 1_000_000, 1_000, 5_000_000),
    visualFrames: number('BENCH_VISUAL_FRAMES', 10_000_000, 1_000, 50_000_000),
    imageQueries: number('BENCH_IMAGE_QUERIES', 300, 20, 5_000),
    serverEntry: inRoot(env.BENCH_SERVER || 'apps/standalone/dist/main.js'),
    storeDist: inRoot(env.BENCH_STORE_DIST || 'web-store/dist'),
    reportsDir: inRoot(env.BENCH_REPORTS_DIR || 'reports'),
  };
}

/** @param {string} message */
function progress(message) {
  process.stderr.write(`bench: ${message}\n`);
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

function machine() {
  const cpuList = cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${release()}`,
    arch: process.arch,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model?.trim() ?? 'unknown',
    memoryMB: Math.round(totalmem() / 2 ** 20),
    loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
  };
}

function gitState() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

/**
 * @param {ReturnType<typeof readSettings>} settings
 * @param {string} workDir
 */
function serverLauncher(settings, workDir) {
  let folders = 0;
  return {
    /** A fresh, empty data folder the embedded database's system user can enter. */
    newDataDir() {
      folders += 1;
      const dir = join(workDir, `data-${folders}`);
      mkdirSync(dir, { mode: 0o755 });
      chmodSync(dir, 0o755);
      return dir;
    },
    /**
     * @param {string} dataDir
     * @param {string} name
     * @param {Record<string, string>} [extraEnv]
     */
    async start(dataDir, name, extraEnv = {}) {
      const port = await findFreePort();
      // Chosen here so the benchmark can reach the embedded database the server starts.
      const pgPort = await findFreePort();
      /** @type {NodeJS.ProcessEnv} */
      const env = { ...process.env };
      for (const key of INFRASTRUCTURE_ENV) delete env[key];
      Object.assign(env, {
        NODE_ENV: 'development', // the dev mailbox (sign-in codes) exists outside production only
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        SEED_DEMO: 'false',
        // Generated materials have no media to read: the visual indexing and preview streams jobs would only record failures.
        VISUAL_INDEXING: 'off',
        PREVIEW_STREAMS: 'off',
        // Demo media (contest entries, clips) rendered once per machine, not once per server.
        DEMO_MEDIA_CACHE: join(tmpdir(), 'mkt-bench-demo-media'),
        LOG_LEVEL: settings.logLevel,
        // Room for the million-material catalogue in PostgreSQL's own cache, as an operator would size it.
        EMBEDDED_PG_SHARED_BUFFERS: settings.pgSharedBuffers,
        ...extraEnv,
      });
      const server = await startServer({ name, args: [settings.serverEntry], port, cwd: ROOT, env, readyTimeoutMs: settings.readyTimeoutMs });
      return { ...server, databaseUrl: `postgres://postgres:marketplace@127.0.0.1:${pgPort}/marketplace` };
    },
  };
}

/**
 * @param {import('./lib/server.mjs').StopResult} stop
 * @param {string} what
 * @param {string[]} problems
 */
function checkStop(stop, what, problems) {
  if (stop.forced) problems.push(`${what}: did not exit within 20 s of SIGTERM and was killed`);
  else if (stop.code !== 0) problems.push(`${what}: exited with code ${stop.code} (signal ${stop.signal}) after SIGTERM, expected a clean exit`);
}

/**
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {number} starts
 * @param {string[]} problems
 */
async function measureStartup(launcher, starts, problems) {
  /** @type {number[]} */ const cold = [];
  /** @type {number[]} */ const warm = [];
  /** @type {number[]} */ const stops = [];
  let dataDir = '';
  for (let i = 1; i <= starts; i += 1) {
    dataDir = launcher.newDataDir();
    const server = await launcher.start(dataDir, `cold start ${i}`);
    cold.push(server.startupMs);
    const stop = await server.stop();
    stops.push(stop.stopMs);
    checkStop(stop, `cold start ${i}`, problems);
    progress(`cold start ${i}/${starts}: ready in ${formatMs(server.startupMs)} ms, stopped in ${formatMs(stop.stopMs)} ms`);
  }
  for (let i = 1; i <= starts; i += 1) {
    const server = await launcher.start(dataDir, `warm restart ${i}`);
    warm.push(server.startupMs);
    const stop = await server.stop();
    stops.push(stop.stopMs);
    checkStop(stop, `warm restart ${i}`, problems);
    progress(`warm restart ${i}/${starts}: ready in ${formatMs(server.startupMs)} ms, stopped in ${formatMs(stop.stopMs)} ms`);
  }
  return {
    dataDir,
    result: {
      coldMs: { median: median(cold), runs: cold },
      warmMs: { median: median(warm), runs: warm },
      stopMs: { median: median(stops), runs: stops },
    },
  };
}

/**
 * Fails with the call's answer unless it is a success envelope.
 * @param {import('./lib/http.mjs').HttpAnswer} answer
 * @param {string} call
 */
function expectSuccess(answer, call) {
  if (answer.status < 200 || answer.status > 299 || answer.json?.code !== 0) {
    throw new Error(`${call} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return answer.json;
}

/**
 * Signs in with a code read from the development mailbox; returns the token.
 * @param {string} baseUrl
 * @param {string} [account]
 */
async function signIn(baseUrl, account = ACCOUNT) {
  expectSuccess(await callJson(`${baseUrl}/api/user/code/send`, { method: 'POST', body: { account } }), 'POST /api/user/code/send');
  let code;
  for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
    const mailbox = await callJson(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(account)}`);
    if (mailbox.status !== 200) throw new Error(`GET /dev/mailbox answered ${mailbox.status}: ${mailbox.text.slice(0, 300)}`);
    const messages = mailbox.json?.messages ?? mailbox.json?.data?.messages;
    code = Array.isArray(messages) ? messages[0]?.code : undefined;
    if (!code) await sleep(100);
  }
  if (!code) throw new Error(`no sign-in code for ${account} arrived in the dev mailbox within 5 s`);
  const login = expectSuccess(
    await callJson(`${baseUrl}/api/user/login`, { method: 'POST', body: { account, code } }),
    'POST /api/user/login',
  );
  const token = login?.data?.token;
  if (typeof token !== 'string' || token === '') throw new Error('POST /api/user/login returned no data.token');
  return token;
}

/**
 * @param {import('./lib/load.mjs').LoadResult} run
 * @param {string} target
 * @param {string[]} problems
 */
function checkRun(run, target, problems) {
  if (run.non2xx > 0 || run.errors > 0 || run.timeouts > 0) {
    problems.push(
      `${target} at ${run.connections} connection(s): ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts (status codes ${JSON.stringify(run.statusCodes)})`,
    );
  }
}

/**
 * The session check on an empty server, beside the bare server.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string} dataDir
 * @param {string[]} problems
 */
async function measureSession(settings, launcher, dataDir, problems) {
  const server = await launcher.start(dataDir, 'server');
  try {
    return await measureSessionBesideBare(settings, server, 'server', problems);
  } finally {
    checkStop(await server.stop(), 'server after the load runs', problems);
  }
}

/**
 * Signs in on `server`, runs POST /api/session at each connection level, then the bare server
 * answering the same bytes at the same levels, straight after.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {{ baseUrl: string }} server
 * @param {string} target  how the problems name the server
 * @param {string[]} problems
 */
async function measureSessionBesideBare(settings, server, target, problems) {
  /** @type {import('./lib/load.mjs').LoadResult[]} */
  const serverRuns = [];
  const token = await signIn(server.baseUrl);
  const sample = await callJson(`${server.baseUrl}/api/session`, {
    method: 'POST',
    headers: { access_token: token },
    body: '{}',
  });
  expectSuccess(sample, 'POST /api/session');
  progress(`signed in; /api/session answers ${Buffer.byteLength(sample.text)} bytes`);
  for (const connections of settings.connections) {
    const run = await runLoad({
      url: `${server.baseUrl}/api/session`,
      method: 'POST',
      headers: { access_token: token, 'content-type': 'application/json' },
      body: '{}',
      connections,
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
    });
    checkRun(run, target, problems);
    serverRuns.push(run);
    progress(`${target}, ${connections} connection(s): ${formatCount(run.rps)} req/s, p95 ${formatMs(run.latencyMs.p95)} ms`);
  }

  const bare = await startBaseline('bare server', BARE_SERVER, {
    BODY_BASE64: Buffer.from(sample.text).toString('base64'),
    CONTENT_TYPE: sample.contentType || 'application/json; charset=utf-8',
  });
  /** @type {import('./lib/load.mjs').LoadResult[]} */
  const bareRuns = [];
  try {
    for (const connections of settings.connections) {
      const run = await runLoad({
        url: `${bare.baseUrl}/api/session`,
        method: 'POST',
        headers: { access_token: 'bare', 'content-type': 'application/json' },
        body: '{}',
        connections,
        durationSec: settings.durationSec,
        warmupSec: settings.warmupSec,
      });
      checkRun(run, 'bare server', problems);
      bareRuns.push(run);
      progress(`bare, ${connections} connection(s): ${formatCount(run.rps)} req/s, p95 ${formatMs(run.latencyMs.p95)} ms`);
    }
  } finally {
    await bare.stop({ timeoutMs: 5_000 });
  }

  return {
    responseBytes: Buffer.byteLength(sample.text),
    levels: settings.connections.map((connections, index) => ({
      connections,
      server: serverRuns[index],
      bare: bareRuns[index],
      ratio: {
        rps: ratio(serverRuns[index].rps, bareRuns[index].rps),
        p50: ratio(serverRuns[index].latencyMs.p50, bareRuns[index].latencyMs.p50),
        p95: ratio(serverRuns[index].latencyMs.p95, bareRuns[index].latencyMs.p95),
        p99: ratio(serverRuns[index].latencyMs.p99, bareRuns[index].latencyMs.p99),
      },
    })),
  };
}

/**
 * Search at each catalogue size: distinct queries with the read cache off (the headline), then
 * at the largest size the 50 fixed queries with the read cache on (the second table).
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string[]} problems
 */
async function measureSearchAtScale(settings, launcher, problems) {
  /** @type {any[]} */
  const distinct = [];
  let largest = null;
  for (const size of [...settings.searchSizes].sort((a, b) => a - b)) {
    const dataDir = launcher.newDataDir();
    distinct.push(await measureDistinctSearch(settings, launcher, dataDir, size, problems));
    largest = { dataDir, size, load: distinct[distinct.length - 1].load };
  }
  if (!largest) throw new Error('no catalogue size to measure');
  const demandLogging = settings.searchDemand ? await measureDemandLogging(settings, launcher, largest.dataDir, largest.size, problems) : null;
  const server = await launcher.start(largest.dataDir, 'search server (read cache on)');
  try {
    const result = await measureSearch({
      root: ROOT,
      baseUrl: server.baseUrl,
      databaseUrl: server.databaseUrl,
      connections: settings.connections,
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
      progress,
      problems,
    });
    // The store's every page load, with the largest catalogue in the process (its index, its caches).
    const session = await measureSessionBesideBare(settings, server, `server with ${formatCount(largest.size)} materials`, problems);
    return { materials: largest.size, load: largest.load, ...result, session, distinct: { sizes: distinct, targets: distinctTargets(distinct) }, demandLogging };
  } finally {
    checkStop(await server.stop(), 'search server', problems);
  }
}

/**
 * One catalogue size: generated into a fresh server's database, then the server restarted with
 * the read cache off (start-up and idle memory with the catalogue), each distinct query sent once
 * at every client level, home and detail uncached, and the SQL floor for the same queries.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string} dataDir
 * @param {number} size
 * @param {string[]} problems
 */
async function measureDistinctSearch(settings, launcher, dataDir, size, problems) {
  let server = await launcher.start(dataDir, `search server (${formatCount(size)})`);
  let load;
  try {
    progress(`loading ${formatCount(size)} materials into the embedded database`);
    load = await loadCatalogue({ root: ROOT, databaseUrl: server.databaseUrl, count: size, progress });
    progress(`catalogue loaded in ${formatMs(load.timingsMs.total)} ms`);
  } finally {
    checkStop(await server.stop(), 'search server (load)', problems);
  }
  server = await launcher.start(dataDir, `search server (${formatCount(size)}, read cache off)`, { READ_CACHE_SECONDS: '0' });
  try {
    const startupMs = server.startupMs;
    progress(`restarted with ${formatCount(load.published)} published materials: ready in ${formatMs(startupMs)} ms`);
    await sleep(3_000);
    const idle = treePss(server.pid);
    const { warmup, sets } = await distinctQuerySets({ root: ROOT, databaseUrl: server.databaseUrl, count: settings.distinctQueries, sets: settings.searchClients.length });
    await runDistinct({ baseUrl: server.baseUrl, queries: warmup, clients: 1 });
    /** @type {{ clients: number, server: any, floor: any }[]} */
    const levels = [];
    for (const [i, clients] of settings.searchClients.entries()) {
      const run = await runDistinct({ baseUrl: server.baseUrl, queries: sets[i], clients });
      if (run.errors > 0) problems.push(`distinct search at ${formatCount(size)}, ${clients} client(s): ${run.errors} failed queries`);
      progress(`distinct search, ${formatCount(size)}, ${clients} client(s): ${formatCount(run.rps)} req/s, p95 ${formatMs(run.latencyMs.p95)} ms, p99 ${formatMs(run.latencyMs.p99)} ms`);
      levels.push({ clients, server: run, floor: null });
    }
    const afterLoad = treePss(server.pid);
    const top = Math.max(...settings.searchClients);
    // Home is the same page for every visitor (its curated lists are kept 30 s for all); details differ.
    const home = await runLoad({ url: `${server.baseUrl}/api/home/index`, method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' }, body: '{}', connections: top, durationSec: settings.durationSec, warmupSec: settings.warmupSec });
    checkRun(home, `home (${formatCount(size)}, cache off)`, problems);
    // Details like the searches: every client level its own distinct materials, after a warm-up.
    const details = await distinctDetails({ databaseUrl: server.databaseUrl, count: settings.distinctQueries, sets: settings.searchClients.length });
    const detailWarmup = await runDistinct({ baseUrl: server.baseUrl, path: '/api/material/detail', queries: details.warmup, clients: top });
    progress(`distinct details, ${formatCount(size)}: warm-up of ${formatCount(details.warmup.length)} others at ${top} clients, ${formatCount(detailWarmup.rps)} req/s, p95 ${formatMs(detailWarmup.latencyMs.p95)} ms`);
    /** @type {import('./lib/distinct-search-bench.mjs').DistinctRun[]} */
    const detailLevels = [];
    for (const [i, clients] of settings.searchClients.entries()) {
      const run = await runDistinct({ baseUrl: server.baseUrl, path: '/api/material/detail', queries: details.sets[i], clients });
      if (run.errors > 0) problems.push(`distinct details at ${formatCount(size)}, ${clients} client(s): ${run.errors} failed`);
      progress(`distinct details, ${formatCount(size)}, ${clients} client(s): ${formatCount(run.rps)} req/s, p95 ${formatMs(run.latencyMs.p95)} ms, p99 ${formatMs(run.latencyMs.p99)} ms; read cache off`);
      detailLevels.push(run);
    }
    const detail = detailLevels[detailLevels.length - 1];
    progress(`home ${formatMs(home.latencyMs.p95)} ms p95 at ${top} connections; read cache off`);
    for (const [i, clients] of settings.searchClients.entries()) {
      const floor = await runDistinctFloor({ root: ROOT, databaseUrl: server.databaseUrl, queries: sets[i], clients, maxSeconds: settings.floorSec });
      levels[i].floor = floor;
      progress(`SQL floor, ${formatCount(size)}, ${clients} client(s): ${floor.requests} queries in ${formatMs(floor.durationSec * 1000)} ms, ${formatCount(floor.rps)} req/s, p95 ${formatMs(floor.latencyMs.p95)} ms`);
    }
    return { materials: size, published: load.published, load, startupMs, memory: { idle, afterLoad }, levels, home, detail, detailLevels, detailWarmup };
  } finally {
    checkStop(await server.stop(), `search server (${formatCount(size)}, read cache off)`, problems);
  }
}

/** Search p95 with the demand counting on may exceed off by at most this share. */
const DEMAND_LOGGING_MAX_RATIO = 1.05;

/**
 * What counting searches for "what buyers look for" costs the search path: the server restarted
 * with SEARCH_DEMAND on, off, off, on (so neither side gains from going first or last), each
 * time warmed up with distinct queries of its own and then sent distinct queries never sent
 * before at the highest client level, read cache off. The p95s of each side are averaged.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string} dataDir
 * @param {number} size
 * @param {string[]} problems
 */
async function measureDemandLogging(settings, launcher, dataDir, size, problems) {
  const clients = Math.max(...settings.searchClients);
  const order = /** @type {const} */ (['on', 'off', 'off', 'on']);
  /** @type {{ demand: 'on' | 'off', run: import('./lib/distinct-search-bench.mjs').DistinctRun }[]} */
  const rounds = [];
  for (const [i, demand] of order.entries()) {
    const server = await launcher.start(dataDir, `search server (${formatCount(size)}, demand counting ${demand})`, { READ_CACHE_SECONDS: '0', SEARCH_DEMAND: demand, MATERIAL_ANALYTICS: settings.analyticsCounting });
    try {
      // Fresh queries each round (another seed), none sent in the rounds before.
      const { warmup, sets } = await distinctQuerySets({ root: ROOT, databaseUrl: server.databaseUrl, count: settings.distinctQueries, sets: 2, seed: 20261129 + i });
      await runDistinct({ baseUrl: server.baseUrl, queries: [...warmup, ...sets[0]], clients });
      const run = await runDistinct({ baseUrl: server.baseUrl, queries: sets[1], clients });
      if (run.errors > 0) problems.push(`demand counting ${demand}: ${run.errors} failed queries`);
      progress(`distinct search with demand counting ${demand}, ${formatCount(size)}, ${clients} clients: ${formatCount(run.rps)} req/s, p95 ${formatMs(run.latencyMs.p95)} ms`);
      rounds.push({ demand, run });
    } finally {
      checkStop(await server.stop(), `search server (demand counting ${demand})`, problems);
    }
  }
  const mean = (/** @type {'on' | 'off'} */ demand) => {
    const values = rounds.filter((round) => round.demand === demand).map((round) => round.run.latencyMs.p95 ?? NaN);
    return values.reduce((sum, value) => sum + value, 0) / values.length;
  };
  const onP95 = mean('on');
  const offP95 = mean('off');
  return { materials: size, clients, analyticsCounting: settings.analyticsCounting, rounds, onP95Ms: onP95, offP95Ms: offP95, ratio: ratio(onP95, offP95), target: DEMAND_LOGGING_MAX_RATIO, met: onP95 <= offP95 * DEMAND_LOGGING_MAX_RATIO };
}

/**
 * The issue's targets, read off the largest size and the highest client level.
 * @param {any[]} sizes
 */
function distinctTargets(sizes) {
  const ordered = [...sizes].sort((a, b) => a.materials - b.materials);
  const largest = ordered[ordered.length - 1];
  const smallest = ordered[0];
  const top = (/** @type {any} */ size) => size.levels.reduce((/** @type {any} */ best, /** @type {any} */ level) => (level.clients > best.clients ? level : best));
  const at = top(largest).server;
  const scale = ordered.length > 1 ? ratio(at.latencyMs.p95, top(smallest).server.latencyMs.p95) : null;
  return {
    p95: { targetMs: DISTINCT_TARGETS.p95Ms, actualMs: at.latencyMs.p95, met: (at.latencyMs.p95 ?? Infinity) <= DISTINCT_TARGETS.p95Ms },
    p99: { targetMs: DISTINCT_TARGETS.p99Ms, actualMs: at.latencyMs.p99, met: (at.latencyMs.p99 ?? Infinity) <= DISTINCT_TARGETS.p99Ms },
    scale: { target: DISTINCT_TARGETS.scaleRatioP95, actual: scale, met: scale !== null && scale < DISTINCT_TARGETS.scaleRatioP95 },
    homeP95: { targetMs: TARGETS_MS.homeP95, actualMs: largest.home.latencyMs.p95, met: (largest.home.latencyMs.p95 ?? Infinity) <= TARGETS_MS.homeP95 },
    detailP95: { targetMs: TARGETS_MS.detailP95, actualMs: largest.detail.latencyMs.p95, met: (largest.detail.latencyMs.p95 ?? Infinity) <= TARGETS_MS.detailP95 },
    startup: { targetMs: 30_000, actualMs: largest.startupMs, met: largest.startupMs < 30_000 },
    memory: { targetKB: 1_048_576, actualKB: largest.memory.idle?.totalKB ?? null, met: (largest.memory.idle?.totalKB ?? Infinity) < 1_048_576 },
  };
}

/**
 * The session table: each connection level's server and bare runs, then their ratios.
 * @param {string} title
 * @param {{ responseBytes: number, levels: any[] }} session
 * @returns {import('./lib/report.mjs').Section}
 */
function sessionSection(title, session) {
  /** @type {string[][]} */
  const rows = [];
  for (const level of session.levels) {
    for (const [target, run] of /** @type {const} */ ([['server', level.server], ['bare node http', level.bare]])) {
      rows.push([
        String(level.connections),
        target,
        formatCount(run.rps),
        formatMs(run.latencyMs.p50),
        formatMs(run.latencyMs.p95),
        formatMs(run.latencyMs.p99),
        formatCount(run.non2xx),
      ]);
    }
    rows.push([
      String(level.connections),
      'server / bare',
      formatRatio(level.ratio.rps),
      formatRatio(level.ratio.p50),
      formatRatio(level.ratio.p95),
      formatRatio(level.ratio.p99),
      '',
    ]);
  }
  return {
    title,
    table: {
      headers: ['conns', 'target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'],
      align: ['right', 'left', 'right', 'right', 'right', 'right', 'right'],
      rows,
    },
    notes: [
      `response body ${session.responseBytes} bytes; the bare server returns the same bytes, measured straight after`,
      'the load generator runs on the same cores as the server: compare ratios more than absolute figures',
    ],
  };
}

/**
 * A fresh server: orders submitted, quoted, paid and confirmed through the real calls, then
 * project downloads and a personal licence's 1080P copy.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string} workDir
 * @param {string[]} problems
 */
async function measureOrdersSection(settings, launcher, workDir, problems) {
  // The demo seed brings the staff accounts the console calls need, the enterprise project (and a small demo catalogue).
  const dataDir = launcher.newDataDir();
  // No demo music: its rendering (ffmpeg, for most of a minute after ready) would share the cores with the measurement.
  // DEMO_WAIT: ready only once the demo's media are there; on a machine without the media cache the
  // contests' clips render for a few minutes and ran through the PDF burst (13.8 a second instead of 57).
  const server = await launcher.start(dataDir, 'orders server', { SEED_DEMO: 'true', DEMO_CATALOGUE_SIZE: '24', DEMO_MUSIC: 'false', DEMO_WAIT: 'true' });
  try {
    const buyerToken = await signIn(server.baseUrl);
    const enterpriseToken = await signIn(server.baseUrl, '13800000004');
    return await measureOrders({
      baseUrl: server.baseUrl,
      databaseUrl: server.databaseUrl,
      buyerToken,
      orders: settings.orders,
      progress,
      licensing: { dataDir, workDir, root: ROOT, enterpriseToken },
    });
  } finally {
    checkStop(await server.stop(), 'orders server', problems);
  }
}

/**
 * A fresh server with the demo staff accounts (finance runs the job) and no demo catalogue, its
 * ledger filled in the database, then the statement job for a closed quarter, twice.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string[]} problems
 */
async function measurePayoutsSection(settings, launcher, problems) {
  const server = await launcher.start(launcher.newDataDir(), 'payouts server', { SEED_DEMO: 'true', DEMO_CATALOGUE_SIZE: '1', DEMO_MUSIC_SIZE: '1', DEMO_WAIT: 'true' });
  try {
    const result = await measurePayouts({ baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, pid: server.pid, contributors: settings.payoutContributors, lines: settings.payoutLines, progress });
    if (result.first.created !== settings.payoutContributors) problems.push(`payouts: ${result.first.created} statements for ${settings.payoutContributors} contributors`);
    if (result.second.created !== 0) problems.push(`payouts: the second run of the same quarter produced ${result.second.created} statements`);
    return result;
  } finally {
    checkStop(await server.stop(), 'payouts server', problems);
  }
}

/**
 * Boards: a fresh server (read cache off, behind a trusted proxy so each guest is an address of
 * its own) with 5,000 generated materials, the boards written beside them, each opened once.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string[]} problems
 */
async function measureBoardsSection(settings, launcher, problems) {
  const server = await launcher.start(launcher.newDataDir(), 'boards server', { READ_CACHE_SECONDS: '0', TRUSTED_PROXIES: '127.0.0.1' });
  try {
    await loadCatalogue({ root: ROOT, databaseUrl: server.databaseUrl, count: 5_000, progress });
    const account = '13900000077';
    const result = await measureBoards({ baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, boards: settings.boards, ownerToken: await signIn(server.baseUrl, account), ownerAccount: account, progress });
    if (result.owner.errors > 0) problems.push(`boards: ${result.owner.errors} opens by the owner failed`);
    if (result.guest.errors > 0) problems.push(`boards: ${result.guest.errors} opens by guests failed`);
    progress(`boards: p95 ${formatMs(result.owner.latencyMs.p95)} ms as the owner, ${formatMs(result.guest.latencyMs.p95)} ms as guests`);
    return result;
  } finally {
    checkStop(await server.stop(), 'boards server', problems);
  }
}

/**
 * Sales analytics: a fresh server (read cache off) with 12,000 generated materials, 10,000 of
 * them one contributor's with a year of daily figures each; every request distinct.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string[]} problems
 */
async function measureAnalyticsSection(settings, launcher, problems) {
  const server = await launcher.start(launcher.newDataDir(), 'analytics server', { READ_CACHE_SECONDS: '0' });
  try {
    await loadCatalogue({ root: ROOT, databaseUrl: server.databaseUrl, count: 12_000, progress });
    const account = '13900000088';
    await makeContributor(server.databaseUrl, account);
    const result = await measureAnalytics({ baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, requests: settings.analyticsRequests, token: await signIn(server.baseUrl, account), account, progress });
    if (result.run.errors > 0) problems.push(`analytics: ${result.run.errors} requests failed`);
    progress(`analytics: median ${formatMs(result.run.latencyMs.p50)} ms, p95 ${formatMs(result.run.latencyMs.p95)} ms (load average ${result.loadAverage.join(' ')})`);
    return result;
  } finally {
    checkStop(await server.stop(), 'analytics server', problems);
  }
}

/**
 * The demo store on a phone over slow 4G (lib/phone-bench.mjs): a demo catalogue of 24 materials
 * seeded before the server answers ready, so each run opens a detail page none opened before.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string[]} problems
 */
async function measurePhoneSection(settings, launcher, problems) {
  // The demo clips are real media: their previews are streamed (the measurement waits for it).
  const server = await launcher.start(launcher.newDataDir(), 'phone server', { SEED_DEMO: 'true', DEMO_CATALOGUE_SIZE: '24', DEMO_MUSIC_SIZE: '1', DEMO_WAIT: 'true', PREVIEW_STREAMS: 'on' });
  try {
    const result = await measurePhone({ baseUrl: server.baseUrl, runs: settings.phoneRuns, progress });
    progress(`phone: home LCP p75 ${formatMs(result.homeLcpMs.p75)} ms, preview start p75 ${formatMs(result.previewStartMs.p75)} ms (the browser's HLS), ${formatMs(result.previewWays.library.startMs.p75)} ms (hls.js), ${formatMs(result.previewWays.mp4.startMs.p75)} ms (MP4)`);
    return result;
  } finally {
    checkStop(await server.stop(), 'phone server', problems);
  }
}

/**
 * A fresh server with the demo staff accounts (the contest manager sets the contest up) whose demo
 * data is in place before it answers ready, so seeding does not compete with the measurement.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string[]} problems
 */
async function measureJudgingSection(settings, launcher, problems) {
  const server = await launcher.start(launcher.newDataDir(), 'judging server', { SEED_DEMO: 'true', DEMO_CATALOGUE_SIZE: '1', DEMO_MUSIC_SIZE: '1', DEMO_WAIT: 'true' });
  try {
    const result = await measureJudging({ baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, judges: settings.judges, entries: settings.judgingEntries, progress });
    if (result.failures > 0) problems.push(`judging: ${result.failures} scores refused`);
    if (result.scored !== settings.judgingEntries) problems.push(`judging: ${result.scored} scores stored for ${settings.judgingEntries} entries`);
    return result;
  } finally {
    checkStop(await server.stop(), 'judging server', problems);
  }
}

/**
 * A baseline process (`lib/bare-*.mjs`) on a free loopback port, started and stopped like the
 * real server so the two are measured the same way.
 * @param {string} name
 * @param {string} script
 * @param {Record<string, string>} env
 */
async function startBaseline(name, script, env) {
  const port = await findFreePort();
  return startServer({ name, args: [script], port, cwd: ROOT, env: { ...process.env, PORT: String(port), ...env }, readyTimeoutMs: 10_000 });
}

/**
 * A server with the demo accounts (gid-3 contributor 13800000003; the 10 s clip is under the 10 MB
 * production minimum, so the development-only lower minimum applies), a one-item demo catalogue
 * seeded before it answers ready and no demo music (rendered after ready, it took the cores for
 * the first 45 s of the section), so seeding does not compete with the measurement.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string} workDir
 * @param {string[]} problems
 */
async function measureUploadsSection(settings, launcher, workDir, problems) {
  const bareDir = join(workDir, 'bare-parts');
  mkdirSync(bareDir, { recursive: true });
  const bare = await startBaseline('bare part receiver', BARE_PART_RECEIVER, { DIR: bareDir });
  try {
    const server = await launcher.start(launcher.newDataDir(), 'uploads server', { SEED_DEMO: 'true', DEMO_CATALOGUE_SIZE: '1', DEMO_WAIT: 'true', DEMO_MUSIC: 'false', UPLOAD_MIN_VIDEO_BYTES: '1000' });
    try {
      const token = await signIn(server.baseUrl, '13800000003');
      return await measureUploads({ baseUrl: server.baseUrl, bareBaseUrl: bare.baseUrl, bareDir, token, root: ROOT, workDir, uploadMB: settings.uploadMB, progress });
    } finally {
      checkStop(await server.stop(), 'uploads server', problems);
    }
  } finally {
    checkStop(await bare.stop({ timeoutMs: 5_000 }), 'bare part receiver', problems);
  }
}

/**
 * Visual discovery at scale: a fresh server's database given the generated catalogue and its
 * visual index, the server restarted (read cache off, behind a trusted proxy so each request is a
 * buyer of its own address), then every measure on it; the ingest check runs beside it.
 * @param {ReturnType<typeof readSettings>} settings
 * @param {ReturnType<typeof serverLauncher>} launcher
 * @param {string[]} problems
 */
async function measureVisualSection(settings, launcher, problems) {
  const dataDir = launcher.newDataDir();
  let server = await launcher.start(dataDir, 'visual server (load)');
  let load;
  let index;
  try {
    progress(`visual: loading ${formatCount(settings.visualMaterials)} materials`);
    load = await loadCatalogue({ root: ROOT, databaseUrl: server.databaseUrl, count: settings.visualMaterials, progress });
    index = await loadVisualIndex({ databaseUrl: server.databaseUrl, frames: settings.visualFrames, progress });
    progress(`visual: ${formatCount(index.frames)} frames and ${formatCount(index.looks)} looks stored in ${formatMs(index.ms)} ms`);
  } finally {
    checkStop(await server.stop(), 'visual server (load)', problems);
  }
  server = await launcher.start(dataDir, 'visual server', { READ_CACHE_SECONDS: '0', TRUSTED_PROXIES: '127.0.0.1' });
  try {
    const startupMs = server.startupMs;
    // The index is built in the background after start-up; a gauge says when it is.
    const buildDeadline = Date.now() + settings.readyTimeoutMs;
    while ((await metric(server.baseUrl, 'visual_index_ready')) !== 1) {
      if (Date.now() > buildDeadline) throw new Error('the visual index was not built in time');
      await sleep(500);
    }
    const buildSeconds = (await metric(server.baseUrl, 'visual_index_build_seconds')) ?? 0;
    const indexBytes = await metric(server.baseUrl, 'visual_index_bytes');
    progress(`visual: ready in ${formatMs(startupMs)} ms, index built in ${buildSeconds.toFixed(1)} s, ${formatCount(Math.round((indexBytes ?? 0) / 1048576))} MB`);
    await sleep(3_000);
    const idle = treePss(server.pid);
    const pictures = await queryPictures(ROOT, settings.imageQueries + 20);
    await runImageSearch({ baseUrl: server.baseUrl, pictures: pictures.slice(0, 20), clients: 1, firstAddress: 1 });
    const levels = [];
    for (const clients of [1, 8]) {
      const share = clients === 1 ? Math.min(60, Math.floor(settings.imageQueries / 4)) : settings.imageQueries - Math.min(60, Math.floor(settings.imageQueries / 4));
      const from = 20 + (clients === 1 ? 0 : Math.min(60, Math.floor(settings.imageQueries / 4)));
      const run = await runImageSearch({ baseUrl: server.baseUrl, pictures: pictures.slice(from, from + share), clients, firstAddress: 1000 + from });
      if (run.errors > 0) problems.push(`search by image, ${clients} client(s): ${run.errors} failed`);
      progress(`search by image, ${clients} client(s): ${formatCount(run.rps)} req/s, p50 ${formatMs(run.latencyMs.p50)} ms, p95 ${formatMs(run.latencyMs.p95)} ms`);
      levels.push(run);
    }
    const top = levels[levels.length - 1];
    const pages = await runImageSearchPages({ root: ROOT, baseUrl: server.baseUrl, queryIds: top.queryIds, clients: 8 });
    progress(`search by image, further pages at 8 clients: p95 ${formatMs(pages.latencyMs.p95)} ms`);
    const colour = await runColourFilter({ root: ROOT, baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, count: Math.min(1_000, settings.distinctQueries), clients: 32 });
    progress(`keyword search at 32 clients: p95 ${formatMs(colour.plainP95Ms)} ms without a colour, ${formatMs(colour.colourP95Ms)} ms with one`);
    const afterLoad = treePss(server.pid);
    const duplicates = await measureDuplicateCheck({ root: ROOT, databaseUrl: server.databaseUrl, count: 200, progress });
    progress(`near-duplicate check: p95 ${formatMs(duplicates.latencyMs.p95)} ms over ${formatCount(duplicates.frames)} frames`);
    return { materials: load.published, index, startupMs, buildSeconds, indexBytes, memory: { idle, afterLoad }, image: levels.map(({ queryIds: _ids, ...run }) => run), pages: strip(pages), colour, duplicates };
  } finally {
    checkStop(await server.stop(), 'visual server', problems);
  }
}

/** @param {any} run */
function strip(run) {
  return { clients: run.clients, requests: run.requests, errors: run.errors, rps: run.rps, latencyMs: run.latencyMs };
}

/**
 * @param {any} report
 * @returns {import('./lib/report.mjs').Section[]}
 */
function sections(report) {
  /** @type {import('./lib/report.mjs').Section[]} */
  const out = [];
  const m = report.machine;
  out.push({
    title: 'Run',
    fields: [
      ['date', report.startedAt],
      ['machine', `${m.cpus} × ${m.cpuModel}, ${formatCount(m.memoryMB)} MB, ${m.platform}, load average ${m.loadAverageAtStart.join(' ')}`],
      ['node', m.node],
      ['commit', `${report.git.commit ?? 'unknown'}${report.git.dirty ? ' (with uncommitted changes)' : ''}`],
      [
        'settings',
        `${report.settings.connections.join(' and ')} connection(s), ${report.settings.durationSec} s each after ${report.settings.warmupSec} s warm-up; ${report.settings.starts} starts of each kind; server LOG_LEVEL=${report.settings.logLevel}`,
      ],
    ],
  });

  if (report.search?.distinct) {
    const d = report.search.distinct;
    /** @type {string[][]} */
    const rows = [];
    /** @param {string} size @param {string} clients @param {string} target @param {any} run */
    const row = (size, clients, target, run) => [
      size, clients, target, formatCount(run.requests), formatCount(run.rps), formatMs(run.latencyMs.p50), formatMs(run.latencyMs.p95), formatMs(run.latencyMs.p99),
      run.requests ? `${Math.round((100 * run.found) / run.requests)}%` : '', String(run.errors),
    ];
    for (const size of d.sizes) {
      for (const level of size.levels) {
        rows.push(row(formatCount(size.materials), String(level.clients), 'server, in-memory index', level.server));
        if (level.floor) rows.push(row(formatCount(size.materials), String(level.clients), `SQL floor (${level.floor.unsent ? `${formatCount(level.floor.requests)} of ${formatCount(level.floor.queries)} in ${Math.round(level.floor.durationSec)} s` : 'all'})`, level.floor));
        if (level.floor?.latencyMs.p95) rows.push([formatCount(size.materials), String(level.clients), 'index advantage (req/s ×, latency ÷)', '', formatRatio(ratio(level.server.rps, level.floor.rps)), formatRatio(ratio(level.floor.latencyMs.p50, level.server.latencyMs.p50)), formatRatio(ratio(level.floor.latencyMs.p95, level.server.latencyMs.p95)), formatRatio(ratio(level.floor.latencyMs.p99, level.server.latencyMs.p99)), '', '']);
      }
      rows.push(row(formatCount(size.materials), String(size.home.connections), 'POST /api/home/index (cache off)', { ...size.home, requests: size.home.requests, found: size.home.requests, errors: size.home.non2xx + size.home.errors }));
      if (size.detailWarmup) rows.push(row(formatCount(size.materials), String(size.detailWarmup.clients), 'detail warm-up: the first pages after the restart (not measured)', size.detailWarmup));
      for (const run of size.detailLevels ?? [size.detail]) rows.push(row(formatCount(size.materials), String(run.clients), 'POST /api/material/detail, distinct (cache off)', run));
    }
    const t = d.targets;
    const kb = (/** @type {any} */ m) => (m ? `${formatCount(Math.round(m.totalKB / 1024))} MB (Node ${formatCount(Math.round(m.nodeKB / 1024))} MB, PostgreSQL ${formatCount(Math.round(m.othersKB / 1024))} MB)` : 'not measured');
    const largest = d.sizes[d.sizes.length - 1];
    const topLevel = largest.levels[largest.levels.length - 1];
    out.push({
      title: `Search, distinct queries each sent once, read cache off (${formatCount(largest.levels[0].server.queries)} per client level)`,
      table: {
        headers: ['materials', 'clients', 'target', 'answered', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'found', 'errors'],
        align: ['right', 'right', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows,
      },
      notes: [
        `p95 at ${topLevel.clients} clients, ${formatCount(largest.materials)} materials: ${formatMs(t.p95.actualMs)} ms (target ≤ ${t.p95.targetMs}: ${t.p95.met ? 'met' : 'NOT met'}); p99 ${formatMs(t.p99.actualMs)} ms (target ≤ ${t.p99.targetMs}: ${t.p99.met ? 'met' : 'NOT met'})`,
        `p95 ratio, largest over smallest catalogue at ${topLevel.clients} clients: ${formatRatio(t.scale.actual)} (target < ${t.scale.target}: ${t.scale.met ? 'met' : 'NOT met'})`,
        `home p95 ${formatMs(t.homeP95.actualMs)} ms (autocannon, the one home page), detail p95 ${formatMs(t.detailP95.actualMs)} ms at ${largest.detail.clients} clients (distinct materials, each once; every client level its own, after a warm-up of ${formatCount(largest.detailWarmup?.queries ?? 50)} other materials) with the read cache off (targets ≤ 20: ${t.homeP95.met ? 'met' : 'NOT met'}, ${t.detailP95.met ? 'met' : 'NOT met'})`,
        ...d.sizes.map((/** @type {any} */ size) => `${formatCount(size.materials)} materials (${formatCount(size.published)} published): ready ${formatMs(size.startupMs)} ms after start (index built from PostgreSQL); proportional memory idle ${kb(size.memory.idle)}, after the load ${kb(size.memory.afterLoad)}`),
        `start-up at the largest size ${t.startup.met ? 'under' : 'NOT under'} 30 s; idle memory ${t.memory.met ? 'under' : 'NOT under'} 1 GB`,
        `p95 by query shape at ${topLevel.clients} clients, ${formatCount(largest.materials)}: ${Object.entries(topLevel.server.byShape).map(([shape, x]) => `${shape} ${formatMs(/** @type {any} */ (x).p95)}`).join(', ')}`,
        'queries: generated from the benchmark vocabulary with a fixed seed (Chinese and English words and phrases, typos, traditional characters, unknown words, browse pages with 1-3 filters, category, topic and source, sorts, pages 1-5, both tabs); each client level gets its own set, each query is sent once, after a 50-query warm-up',
        'SQL floor: the PostgreSQL adapter (SEARCH=postgres) answering the same queries through a plain pg pool of as many connections as clients, plus the card statement, without HTTP; it runs for at most BENCH_FLOOR_SEC per level',
        'the load generator runs on the same two cores as the server and its database',
      ],
    });
  }

  if (report.startup) {
    const s = report.startup;
    /** @param {number[]} runs */
    const runs = (runs) => runs.map((value) => formatMs(value)).join(' / ');
    out.push({
      title: 'Start-up (spawn -> first 200 on GET /health/ready)',
      table: {
        headers: ['', 'median ms', 'runs ms'],
        align: ['left', 'right', 'left'],
        rows: [
          ['cold: fresh data folder (initdb included)', formatMs(s.coldMs.median), runs(s.coldMs.runs)],
          ['warm: existing data folder', formatMs(s.warmMs.median), runs(s.warmMs.runs)],
          ["stop: SIGTERM -> exit (every start above)", formatMs(s.stopMs.median), runs(s.stopMs.runs)],
        ],
      },
    });
  }

  if (report.session) {
    out.push(sessionSection('POST /api/session (signed in, autocannon)', report.session));
  }
  if (report.search?.demandLogging) {
    const l = report.search.demandLogging;
    out.push({
      title: `Search demand counting: distinct search at ${formatCount(l.materials)} materials, ${l.clients} clients, read cache off, appearance counting ${l.analyticsCounting}`,
      table: {
        headers: ['round', 'counting', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
        align: ['right', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows: l.rounds.map((/** @type {any} */ round, /** @type {number} */ i) => [String(i + 1), round.demand, formatCount(round.run.requests), formatCount(round.run.rps), formatMs(round.run.latencyMs.p50), formatMs(round.run.latencyMs.p95), formatMs(round.run.latencyMs.p99), String(round.run.errors)]),
      },
      notes: [
        `p95 with counting ${formatMs(l.onP95Ms)} ms, without ${formatMs(l.offP95Ms)} ms (each the mean of two rounds, in the order on, off, off, on; each round a restart, its own warm-up and queries never sent before): ratio ${formatRatio(l.ratio)}, target at most ${formatRatio(l.target)}: ${l.met ? 'met' : 'NOT met'}`,
      ],
    });
  }
  if (report.search?.session) {
    out.push(sessionSection(`POST /api/session with ${formatCount(report.search.materials)} materials loaded (read cache on)`, report.search.session));
  }

  if (report.bundle) {
    const b = report.bundle;
    out.push({
      title: 'Store initial JavaScript, home route (gzip level 9)',
      table: {
        headers: ['file', 'kind', 'raw', 'gzip'],
        align: ['left', 'left', 'right', 'right'],
        rows: [
          ...b.files.map((/** @type {import('./lib/bundle.mjs').AssetSize} */ file) => [file.file, file.kind, formatKB(file.bytes), formatKB(file.gzipBytes)]),
          ['total', '', formatKB(b.totalBytes), formatKB(b.totalGzipBytes)],
        ],
      },
      notes: [
        `target: under ${formatKB(b.targetBytes)} gzipped: ${b.underTarget ? 'met' : 'NOT met'}`,
        ...(b.missing.length ? [`named in index.html but missing from the dist folder: ${b.missing.join(', ')}`] : []),
      ],
    });
  }

  if (report.search) {
    const sr = report.search;
    /** @type {string[][]} */
    const rows = [];
    /** @param {string} conns @param {string} target @param {any} run */
    const row = (conns, target, run) => [
      conns, target, formatCount(run.rps), formatMs(run.latencyMs.p50), formatMs(run.latencyMs.p95), formatMs(run.latencyMs.p99), run.non2xx === undefined ? String(run.errors) : formatCount(run.non2xx),
    ];
    for (const level of sr.levels) {
      rows.push(row(String(level.connections), 'search (server)', level.server));
      rows.push(row(String(level.connections), 'search (SQL floor)', level.floor));
      rows.push([String(level.connections), 'server / floor', formatRatio(level.ratio.rps), formatRatio(level.ratio.p50), formatRatio(level.ratio.p95), formatRatio(level.ratio.p99), '']);
    }
    rows.push(row(String(sr.home.connections), 'POST /api/home/index', sr.home));
    rows.push(row(String(sr.detail.connections), 'POST /api/material/detail', sr.detail));
    const t = sr.targets;
    /** @param {{ met: boolean, actualMs: number | null, targetMs: number }} x */
    const verdict = (x) => `${formatMs(x.actualMs)} ms vs < ${x.targetMs} ms: ${x.met ? 'met' : 'NOT met'}`;
    const slow = [...sr.queries].sort((a, b) => b.ms - a.ms).slice(0, 5);
    out.push({
      title: `Search over ${formatCount(sr.materials)} materials, 50 fixed queries, read cache on (autocannon)`,
      table: { headers: ['conns', 'target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'], align: ['right', 'left', 'right', 'right', 'right', 'right', 'right'], rows },
      notes: [
        `catalogue generated in ${formatMs(sr.load.timingsMs.total)} ms (texts ${formatMs(sr.load.timingsMs.texts)}, rows ${formatMs(sr.load.timingsMs.materials)}, indexes ${formatMs(sr.load.timingsMs.indexes)}, VACUUM ANALYZE ${formatMs(sr.load.timingsMs.vacuum)}); ${formatCount(sr.load.published)} published`,
        `search p95 at ${sr.home.connections} connections: ${verdict(t.searchP95)}`,
        `home p95: ${verdict(t.homeP95)}; detail p95: ${verdict(t.detailP95)}`,
        `first pass, uncached (each query once, one at a time, right after the load): p50 ${formatMs(sr.firstPass.p50)} ms, p95 ${formatMs(sr.firstPass.p95)} ms, max ${formatMs(sr.firstPass.max)} ms`,
        `the server answers a repeated search from its read cache (READ_CACHE_SECONDS, default 30 s, emptied by every catalogue write) and cards and details likewise, so the autocannon rows measure the cached path; the first-pass line above is the uncached one`,
        'SQL floor: the statements the PostgreSQL adapter sends for each query (warm browse-facet cache) plus the card statement, uncached, through a plain pg pool of 10; its last column counts failed queries',
        `slowest single searches (first, cold pass): ${slow.map((q) => `${JSON.stringify(q.body)} ${formatMs(q.ms)} ms (${formatCount(q.total)} found)`).join('; ')}`,
      ],
    });
  }

  if (report.orders) {
    const o = report.orders;
    /** @param {string} what @param {import('./lib/stats.mjs').Summary} x */
    const row = (what, x) => [what, String(x.count), formatMs(x.p50), formatMs(x.p95), formatMs(x.max)];
    out.push({
      title: `Orders (${o.orders} orders of ${o.itemsPerOrder} items)`,
      table: {
        headers: ['measure', 'runs', 'p50 ms', 'p95 ms', 'max ms'],
        align: ['left', 'right', 'right', 'right', 'right'],
        rows: [row('POST /api/order/create (submission)', o.submitMs), row('staff confirmation -> every licence PDF listed as generated', o.confirmToLicenceMs)],
      },
      notes: [
        `burst: ${o.burst.orders} orders confirmed at once, ${o.burst.pdfs} authorization PDFs in ${o.burst.seconds.toFixed(2)} s = ${o.burst.pdfsPerSecond === null ? '-' : o.burst.pdfsPerSecond.toFixed(1)} PDFs/s`,
        'confirmation-to-licence goes through the outbox, the PostgreSQL event transport, the licensing handler (pdfkit with an embedded CJK font) and storage, polled every 10 ms by the buyer call',
      ],
    });
    if (o.licensing) {
      const l = o.licensing;
      out.push({
        title: 'Licensing: enterprise project downloads and personal-licence copies',
        table: {
          headers: ['measure', 'runs', 'p50 ms', 'p95 ms', 'max ms'],
          align: ['left', 'right', 'right', 'right', 'right'],
          rows: [
            row('POST /api/project/download -> signed link from /api/download/original', l.projectDownloads),
            [`staff confirmation (personal licence, ${l.personal.clipSeconds} s ${l.personal.source} clip) -> 1080P copy downloadable`, '1', formatMs(l.personal.confirmToCopyMs), '-', '-'],
            [`the same ffmpeg command run alone`, '1', formatMs(l.personal.rawMs), '-', '-'],
          ],
        },
        notes: [
          `personal copy overhead (through orders, the bus, licensing and the uploads service) / raw ffmpeg: ${l.personal.overhead.toFixed(2)}x`,
          'a project download is a project order born confirmed: outbox, PostgreSQL event transport, licensing right and authorization PDF, polled every 10 ms',
        ],
      });
    }
  }

  if (report.music) {
    const mu = report.music;
    out.push({
      title: 'Music',
      table: {
        headers: ['measure', 'value'],
        align: ['left', 'right'],
        rows: [
          [`waveform peaks, ${mu.trackSeconds} s track, ${mu.peaks} peaks (median of ${mu.runsMs.length}, ms)`, formatMs(mu.medianMs)],
          ['lazy player chunk, gzip', formatKB(mu.playerGzipBytes)],
        ],
      },
      notes: [
        `peak runs: ${mu.runsMs.map((/** @type {number} */ ms) => formatMs(ms)).join(', ')} ms (ffmpeg decode to 8 kHz mono PCM + max-abs peaks, as at ingest)`,
        `player chunks: ${mu.playerChunks.map((/** @type {any} */ c) => `${c.file} ${formatKB(c.gzipBytes)}`).join('; ') || 'none found'}`,
      ],
    });
  }

  if (report.uploads) {
    const u = report.uploads;
    const p = u.processing;
    out.push({
      title: `Uploads: ${formatCount(Math.round(u.sizeBytes / 2 ** 20))} MB in ${formatCount(u.parts)} parts of ${formatKB(u.partSize)}, ${u.parallel} in parallel (loopback)`,
      table: {
        headers: ['', 'ms', 'MB/s'],
        align: ['left', 'right', 'right'],
        rows: [
          [`upload (token, signed parts, success), median of ${u.rounds}`, formatMs(u.uploadMs), u.uploadMBps.toFixed(1)],
          [`single-stream copy on loopback (one streamed PUT to a bare Node receiver, same disk), median of ${u.rounds}`, formatMs(u.streamMs), u.streamMBps.toFixed(1)],
          [`plain file copy, same disk, no HTTP, median of ${u.rounds}`, formatMs(u.copyMs), u.copyMBps.toFixed(1)],
          [`bare Node receiver of the same parts (written and hashed, no framework), median of ${u.rounds}`, formatMs(u.bareMs), u.bareMBps.toFixed(1)],
          [`processing a ${p.clipSeconds} s 1080p clip (success -> waiting), median of ${p.rounds ?? 1}`, formatMs(p.pipelineMs), ''],
          [`the raw ffmpeg commands it runs, median of ${p.rounds ?? 1}`, formatMs(p.rawMs), ''],
        ],
      },
      notes: [
        `upload / single-stream copy on loopback ${formatRatio(u.uploadMBps / u.streamMBps)} (target at least ${u.target}): ${u.uploadMBps / u.streamMBps >= u.target ? 'met' : 'NOT met'}; runs: upload ${u.uploadRunsMs.map(formatMs).join(' / ')} ms, single-stream copy ${u.streamRunsMs.map(formatMs).join(' / ')} ms (each after sync)`,
        `upload / plain file copy ${formatRatio(u.uploadMBps / u.copyMBps)} (no HTTP at all; runs ${u.copyRunsMs.map(formatMs).join(' / ')} ms); upload / bare receiver ${formatRatio(u.uploadMBps / u.bareMBps)} (what the application adds to receiving the parts); bare receiver / single-stream copy ${formatRatio(u.bareMBps / u.streamMBps)} (what 1 MB parts cost against one stream); runs: bare ${u.bareRunsMs.map(formatMs).join(' / ')} ms`,
        `pipeline overhead ${formatRatio(p.overhead)} (target under ${p.target}): ${p.overhead < p.target ? 'met' : 'NOT met'}${p.rawRunsMs ? `; runs, alternating, each after sync: raw ${p.rawRunsMs.map(formatMs).join(' / ')} ms, pipeline ${p.pipelineRunsMs.map(formatMs).join(' / ')} ms` : ''}`,
      ],
    });
  }

  if (report.payouts) {
    const p = report.payouts;
    const mb = (/** @type {number | null} */ bytes) => (bytes === null ? '-' : `${formatCount(Math.round(bytes / 2 ** 20))} MB`);
    out.push({
      title: `Payouts: statements of one closed quarter, ${formatCount(p.contributors)} contributors, ${formatCount(p.lines)} ledger entries`,
      table: {
        headers: ['', 'ms', 'statements'],
        align: ['left', 'right', 'right'],
        rows: [
          ['first run (POST /admin-api/statements/generate)', formatMs(p.first.ms), formatCount(p.first.created)],
          ['second run of the same quarter', formatMs(p.second.ms), formatCount(p.second.created)],
        ],
      },
      notes: [`server peak memory (VmHWM): ${mb(p.rssBeforeBytes)} before the job, ${mb(p.peakRssBytes)} after it`],
    });
  }

  if (report.judging) {
    const j = report.judging;
    out.push({
      title: `Judging: ${formatCount(j.judges)} judges scoring ${formatCount(j.entries)} entries at once`,
      table: {
        headers: ['measure', 'runs', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        align: ['left', 'right', 'right', 'right', 'right', 'right'],
        rows: [
          ['POST /api/judge/score (each judge one score after another)', formatCount(j.scoreMs.count), formatMs(j.scoreMs.p50), formatMs(j.scoreMs.p95), formatMs(j.scoreMs.p99), formatMs(j.scoreMs.max)],
          ['POST /admin-api/contests/:id/publish-results (rank, award, share points)', '1', formatMs(j.publishMs), '-', '-', '-'],
        ],
      },
      notes: [
        `target: p95 per score under 50 ms: ${j.scoreMs.p95 !== null && j.scoreMs.p95 < 50 ? 'met' : 'NOT met'}; ${j.scoresPerSecond.toFixed(0)} scores/s overall, ${formatCount(j.failures)} refused, ${formatCount(j.scored)} stored`,
        `results: ${formatCount(j.published.ranked)} entries ranked, ${formatCount(j.published.awards)} awards, points shared among ${formatCount(j.published.participants)} participants`,
        'every score is a distinct entry: no cache answers any of them; each judge keeps one connection, as a browser does; the load generator runs on the same cores as the server',
      ],
    });
  }

  if (report.boards) {
    const b = report.boards;
    const row = (/** @type {string} */ what, /** @type {any} */ run) => [what, String(b.clients), formatCount(run.requests), formatCount(run.rps), formatMs(run.latencyMs.p50), formatMs(run.latencyMs.p95), formatMs(run.latencyMs.p99), String(run.errors)];
    const worst = Math.max(b.owner.latencyMs.p95 ?? Infinity, b.guest.latencyMs.p95 ?? Infinity);
    out.push({
      title: `Boards: ${formatCount(b.boards)} boards of ${formatCount(b.items)} items with ${formatCount(b.comments)} comments`,
      table: {
        headers: ['first page of a board', 'clients', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
        align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows: [row('POST /api/board/detail (its owner)', b.owner), row('POST /api/board-share/open (a guest by link)', b.guest)],
      },
      notes: [
        `target: p95 <= ${BOARD_TARGETS.openP95Ms} ms at ${BOARD_TARGETS.clients} clients: ${formatMs(worst)} ms, ${worst <= BOARD_TARGETS.openP95Ms ? 'met' : 'NOT met'}`,
        `each request opens a board no request opened before (24 cards with comment and vote counts); the read cache is off; the boards were written in ${formatMs(b.writeMs)} ms`,
      ],
    });
  }

  if (report.analytics) {
    const a = report.analytics;
    const row = (/** @type {string} */ what, /** @type {any} */ latency) => [what, formatCount(latency.count), formatMs(latency.p50), formatMs(latency.p95), formatMs(latency.p99)];
    out.push({
      title: `Sales analytics: ${formatCount(a.materials)} materials with ${a.days} days of daily figures (${formatCount(a.rows)} rows of days, weeks and quarters)`,
      table: {
        headers: ['POST /api/material/analytics', 'requests', 'p50 ms', 'p95 ms', 'p99 ms'],
        align: ['left', 'right', 'right', 'right', 'right'],
        rows: [row(`all, ${a.clients} clients`, a.run.latencyMs), row('per day (30 to 62 days)', a.run.byPeriod.day), row('per week (12 weeks)', a.run.byPeriod.week), row('per quarter (4 quarters)', a.run.byPeriod.quarter)],
      },
      notes: [
        `target: p95 <= ${ANALYTICS_TARGETS.p95Ms} ms: ${formatMs(a.run.latencyMs.p95)} ms, ${(a.run.latencyMs.p95 ?? Infinity) <= ANALYTICS_TARGETS.p95Ms ? 'met' : 'NOT met'}; median ${formatMs(a.run.latencyMs.p50)} ms; ${formatCount(a.run.rps)} req/s; ${a.run.errors} errors; load average after: ${a.loadAverage.join(' ')}`,
        `every request distinct (ranges ending on different days, kinds, sorts, pages, portfolio searches, single materials); no cache; every material has figures every day (the densest portfolio); written in ${formatMs(a.writeMs)} ms`,
      ],
    });
  }

  if (report.phone) {
    const p = report.phone;
    const row = (/** @type {string} */ what, /** @type {any} */ f, /** @type {number | null} */ target) => [
      what,
      formatMs(f.p50),
      formatMs(f.p75),
      formatMs(f.p95),
      formatMs(f.max),
      target === null ? '' : `${formatMs(target)}: ${f.p75 <= target ? 'met' : 'NOT met'}`,
    ];
    out.push({
      title: `The store on a phone: 375 x 812 over slow 4G (${p.network.downMbps} Mbps, ${p.network.rttMs} ms RTT), ${p.runs} runs, empty cache each`,
      table: {
        headers: ['measure', 'p50 ms', 'p75 ms', 'p95 ms', 'max ms', 'p75 target'],
        align: ['left', 'right', 'right', 'right', 'right', 'left'],
        rows: [
          row('home page, largest contentful paint', p.homeLcpMs, PHONE_TARGETS.homeLcpP75Ms),
          row('detail page, largest contentful paint', p.detailLcpMs, null),
          row('detail preview (HLS, the browser\'s own), tap on play to first played frame', p.previewWays.native.startMs, PHONE_TARGETS.previewStartP75Ms),
          row('detail preview (HLS through hls.js), tap on play to first played frame', p.previewWays.library.startMs, PHONE_TARGETS.previewStartP75Ms),
          row('detail preview (MP4), tap on play to first played frame', p.previewWays.mp4.startMs, null),
          row('detail preview (HLS, the browser\'s own), opening the page to first played frame', p.previewWays.native.fromOpenMs, null),
          row('detail preview (HLS through hls.js), opening the page to first played frame', p.previewWays.library.fromOpenMs, null),
          row('detail preview (MP4), opening the page to first played frame', p.previewWays.mp4.fromOpenMs, null),
        ],
      },
      notes: [
        `${p.distinctDetails} distinct detail pages, each opened three times per run (the stream played by the browser, as Chromium plays it; through hls.js, as where the browser has no HLS of its own; the MP4, as where there is neither HLS nor Media Source Extensions), the way first in turn changing every run; play is tapped as soon as the player has its source`,
        `media received by the first played frame, median: the browser's HLS ${formatCount(p.previewWays.native.mediaBytes.p50)} bytes, hls.js ${formatCount(p.previewWays.library.mediaBytes.p50)} bytes, MP4 ${formatCount(p.previewWays.mp4.mediaBytes.p50)} bytes`,
        `the demo previews were streamed ${formatMs(p.streamsReadyMs)} ms after the server was ready`,
      ],
    });
  }

  if (report.visual) {
    const v = report.visual;
    const image = v.image[v.image.length - 1];
    const ratioColour = ratio(v.colour.colourP95Ms, v.colour.plainP95Ms);
    const row = (/** @type {string} */ what, /** @type {any} */ run) => [what, String(run.clients), formatCount(run.requests), formatCount(run.rps), formatMs(run.latencyMs.p50), formatMs(run.latencyMs.p95), formatMs(run.latencyMs.p99), String(run.errors)];
    out.push({
      title: `Visual discovery: ${formatCount(v.materials)} materials, ${formatCount(v.index.frames)} frames`,
      table: {
        headers: ['measure', 'clients', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
        align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows: [
          ...v.image.map((/** @type {any} */ run) => row('search by image (distinct 1920x1080 JPEGs, decoding included)', run)),
          row('further pages and filters of a kept picture', v.pages),
          ...v.colour.rounds.flatMap((/** @type {any} */ round, /** @type {number} */ i) => [
            row(`keyword search, no colour (round ${i + 1})`, { ...round.plain, clients: v.colour.clients }),
            row(`keyword search with a colour (round ${i + 1})`, { ...round.colour, clients: v.colour.clients }),
          ]),
          ['near-duplicate check at ingest (one upload of 10 frames, in process)', '1', formatCount(v.duplicates.checks), '-', formatMs(v.duplicates.latencyMs.p50), formatMs(v.duplicates.latencyMs.p95), formatMs(v.duplicates.latencyMs.p99), '0'],
        ],
      },
      notes: [
        `target: search by image p95 <= ${VISUAL_TARGETS.imageSearchP95Ms} ms at 8 clients: ${formatMs(image.latencyMs.p95)} ms, ${image.latencyMs.p95 <= VISUAL_TARGETS.imageSearchP95Ms ? 'met' : 'NOT met'}`,
        `target: a colour adds <= 20% to keyword search p95 at 32 clients: ${formatMs(v.colour.plainP95Ms)} -> ${formatMs(v.colour.colourP95Ms)} ms (${formatRatio(ratioColour)}), ${ratioColour !== null && ratioColour <= VISUAL_TARGETS.colourP95Ratio ? 'met' : 'NOT met'}`,
        `target: near-duplicate check p95 <= ${VISUAL_TARGETS.duplicateP95Ms} ms: ${formatMs(v.duplicates.latencyMs.p95)} ms, ${v.duplicates.latencyMs.p95 <= VISUAL_TARGETS.duplicateP95Ms ? 'met' : 'NOT met'}; ${v.duplicates.copiesFound} of ${v.duplicates.copies} re-cuts flagged, ${v.duplicates.flagged - v.duplicates.copiesFound} of ${v.duplicates.checks - v.duplicates.copies} new clips flagged; its index built in ${formatMs(v.duplicates.buildMs)} ms`,
        `target: visual index <= ${VISUAL_TARGETS.indexMB} MB: ${formatCount(Math.round((v.indexBytes ?? 0) / 1048576))} MB of typed arrays (frames and looks), ${v.indexBytes !== null && v.indexBytes <= VISUAL_TARGETS.indexMB * 1048576 ? 'met' : 'NOT met'}`,
        `start-up: ready in ${formatMs(v.startupMs)} ms (target under 30 s: ${v.startupMs < VISUAL_TARGETS.startupMs ? 'met' : 'NOT met'}); the visual index is built in the background, ${v.buildSeconds.toFixed(1)} s after start`,
        `idle PSS with the index: ${v.memory.idle ? `${formatCount(Math.round(v.memory.idle.totalKB / 1024))} MB (Node ${formatCount(Math.round(v.memory.idle.nodeKB / 1024))} MB)` : 'unknown'}; after the runs ${v.memory.afterLoad ? `${formatCount(Math.round(v.memory.afterLoad.totalKB / 1024))} MB` : 'unknown'}`,
        'every picture and query is sent once (no cache answers it); each picture comes from its own address; the load generator and the picture encoder share the two cores with the server',
      ],
    });
  }

  if (report.problems.length) out.push({ title: 'Problems', notes: report.problems });
  return out;
}

async function main() {
  const settings = readSettings(process.env);
  const started = new Date();
  // Hard bound on the whole run, whatever hangs.
  const budgetMs =
    settings.starts * 2 * (settings.readyTimeoutMs + 30_000) +
    settings.connections.length * 2 * (settings.durationSec + settings.warmupSec + 60) * 1000 +
    2 * (settings.readyTimeoutMs + 30_000) +
    (settings.search
      ? settings.readyTimeoutMs + 30_000 + Math.ceil(settings.materials / 1_000_000) * 600_000 + (settings.connections.length * 2 + 2) * (settings.durationSec + settings.warmupSec + 60) * 1000 +
        settings.searchSizes.reduce((sum, size) => sum + 2 * (settings.readyTimeoutMs + 30_000) + Math.ceil(size / 1_000_000) * 600_000, 0) +
        settings.searchSizes.length * settings.searchClients.length * (settings.floorSec + 60 + 300) * 1000
      : 0) +
    (settings.orders > 0 ? settings.readyTimeoutMs + 30_000 + settings.orders * 5_000 + 120_000 : 0) +
    (settings.uploads ? settings.readyTimeoutMs + 30_000 + 900_000 : 0) +
    (settings.payoutLines > 0 ? settings.readyTimeoutMs + 30_000 + Math.ceil(settings.payoutLines / 100_000) * 60_000 : 0) +
    (settings.judgingEntries > 0 ? settings.readyTimeoutMs + 30_000 + Math.ceil(settings.judgingEntries / 1_000) * 30_000 : 0) +
    (settings.boards > 0 ? settings.readyTimeoutMs + 30_000 + 120_000 + settings.boards * 500 : 0) +
    (settings.analytics ? settings.readyTimeoutMs + 30_000 + 600_000 + settings.analyticsRequests * 1_000 : 0) +
    (settings.visual ? 3 * (settings.readyTimeoutMs + 30_000) + Math.ceil(settings.visualMaterials / 1_000_000) * 600_000 + Math.ceil(settings.visualFrames / 1_000_000) * 60_000 + settings.imageQueries * 2_000 + 600_000 : 0) +
    60_000;
  const budget = setTimeout(() => {
    process.stderr.write(`bench: gave up after ${Math.round(budgetMs / 1000)} s\n`);
    stopAll(5_000).finally(() => process.exit(2));
  }, budgetMs);
  budget.unref();

  /** @type {string[]} */
  const problems = [];
  /** @type {any} */
  const report = {
    kind: 'bench',
    version: 1,
    startedAt: started.toISOString(),
    finishedAt: null,
    machine: machine(),
    git: gitState(),
    settings: {
      connections: settings.connections,
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
      starts: settings.starts,
      logLevel: settings.logLevel,
      server: relative(ROOT, settings.serverEntry),
      storeDist: relative(ROOT, settings.storeDist),
      search: settings.search,
      materials: settings.search ? settings.materials : null,
      searchTargetsMs: TARGETS_MS,
    },
    startup: null,
    session: null,
    bundle: null,
    search: null,
    orders: null,
    payouts: null,
    music: null,
    uploads: null,
    boards: null,
    analytics: null,
    visual: null,
    problems,
  };

  const workDir = mkdtempSync(join(tmpdir(), 'mkt-bench-'));
  chmodSync(workDir, 0o755); // the embedded database runs as its own user when started by root
  // Also on Ctrl-C or the time budget, which exit without reaching `finally` below.
  if (!settings.keepData) process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));
  try {
    if (!existsSync(settings.serverEntry)) {
      problems.push(`${relative(ROOT, settings.serverEntry)} not found: run \`npm run build\` first (or \`npm run bench\`)`);
    } else {
      const launcher = serverLauncher(settings, workDir);
      let dataDir = null;
      try {
        const startup = await measureStartup(launcher, settings.starts, problems);
        report.startup = startup.result;
        dataDir = startup.dataDir;
      } catch (error) {
        problems.push(`start-up: ${messageOf(error)}`);
      }
      if (dataDir) {
        try {
          report.session = await measureSession(settings, launcher, dataDir, problems);
        } catch (error) {
          problems.push(`POST /api/session: ${messageOf(error)}`);
        }
      }
      if (settings.search) {
        try {
          report.search = await measureSearchAtScale(settings, launcher, problems);
        } catch (error) {
          problems.push(`search benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('search benchmark skipped (BENCH_SEARCH=0)');
      }
      if (settings.orders > 0) {
        try {
          report.orders = await measureOrdersSection(settings, launcher, workDir, problems);
        } catch (error) {
          problems.push(`orders benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('orders benchmark skipped (BENCH_ORDERS=0)');
      }
      if (settings.payoutLines > 0) {
        try {
          report.payouts = await measurePayoutsSection(settings, launcher, problems);
        } catch (error) {
          problems.push(`payouts benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('payouts benchmark skipped (BENCH_PAYOUT_LINES=0)');
      }
      if (settings.judgingEntries > 0) {
        try {
          report.judging = await measureJudgingSection(settings, launcher, problems);
        } catch (error) {
          problems.push(`judging benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('judging benchmark skipped (BENCH_JUDGING_ENTRIES=0)');
      }
      if (settings.boards > 0) {
        try {
          report.boards = await measureBoardsSection(settings, launcher, problems);
        } catch (error) {
          problems.push(`boards benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('boards benchmark skipped (BENCH_BOARDS=0)');
      }
      if (settings.analytics) {
        try {
          report.analytics = await measureAnalyticsSection(settings, launcher, problems);
        } catch (error) {
          problems.push(`analytics benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('analytics benchmark skipped (BENCH_ANALYTICS=0)');
      }
      if (settings.phoneRuns > 0) {
        try {
          report.phone = await measurePhoneSection(settings, launcher, problems);
        } catch (error) {
          problems.push(`phone benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('phone benchmark skipped (BENCH_PHONE_RUNS=0)');
      }
      if (settings.uploads) {
        try {
          report.uploads = await measureUploadsSection(settings, launcher, workDir, problems);
        } catch (error) {
          problems.push(`uploads benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('uploads benchmark skipped (BENCH_UPLOADS=0)');
      }
      if (settings.visual) {
        try {
          report.visual = await measureVisualSection(settings, launcher, problems);
        } catch (error) {
          problems.push(`visual benchmark: ${messageOf(error)}`);
        }
      } else {
        progress('visual benchmark skipped (BENCH_VISUAL=0)');
      }
    }
    if (settings.music) {
      try {
        progress('music: waveform peaks of a 3-minute track, player chunk size');
        report.music = await measureMusic({ storeDist: settings.storeDist });
        if (report.music.playerChunks.length === 0) problems.push('music: no lazy player chunk (PlayerWaveform-*.js) in the store build');
      } catch (error) {
        problems.push(`music benchmark: ${messageOf(error)}`);
      }
    } else {
      progress('music benchmark skipped (BENCH_MUSIC=0)');
    }
    try {
      report.bundle = measureInitialJs(settings.storeDist, { targetBytes: BUNDLE_TARGET_BYTES });
      if (!report.bundle.underTarget) problems.push(`store initial JavaScript is ${formatKB(report.bundle.totalGzipBytes)} gzipped, over the ${formatKB(BUNDLE_TARGET_BYTES)} target`);
    } catch (error) {
      problems.push(`bundle size: ${messageOf(error)}`);
    }
  } finally {
    await stopAll(10_000);
    if (settings.keepData) progress(`data folders kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }

  report.finishedAt = new Date().toISOString();
  const title = `Benchmark ${report.startedAt}`;
  const parts = sections(report);
  process.stdout.write(`\n${renderText(title, parts)}`);
  const written = writeReport({
    dir: settings.reportsDir,
    name: 'bench',
    date: started,
    data: report,
    markdown: renderMarkdown(title, parts),
  });
  process.stdout.write(`\nwrote ${relative(ROOT, written.jsonPath)} and ${relative(ROOT, written.markdownPath)}\n`);
  clearTimeout(budget);
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  async (error) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
    await stopAll(5_000);
    process.exitCode = 1;
  },
);
