// Visual discovery at catalogue scale: the visual index (frame hashes and looks) generated for a
// generated catalogue, then search by image with distinct 1920x1080 JPEG pictures never sent
// before (decoding included), further pages by the kept picture, the colour filter's cost beside
// the same kind of keyword searches without it, and the ingest near-duplicate check (the uploads
// service's finder and frame index, run here over the same frames). Only 127.0.0.1 is contacted;
// every loop is bounded.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { distinctQuerySets, runDistinct } from './distinct-search-bench.mjs';
import { assertLoopback } from './loopback.mjs';
import { summarize } from './stats.mjs';

export const VISUAL_TARGETS = { imageSearchP95Ms: 100, colourP95Ratio: 1.2, duplicateP95Ms: 20, indexMB: 400, startupMs: 30_000 };

/** @param {string} root @param {string} path */
const importBuilt = (root, path) => import(pathToFileURL(join(root, path)).href);

/**
 * The platform's seeded generator (mulberry32), so every run sends the same never-seen pictures.
 * @param {string} root @param {number} seed
 * @returns {Promise<() => number>}
 */
async function seeded(root, seed) {
  const { seededRandom } = await importBuilt(root, 'libs/platform/dist/random/seeded-random.js');
  return seededRandom(seed);
}

/**
 * Frames and looks for every published photo and video of a generated catalogue, as the visual
 * indexing job stores them: a photo one frame, a video enough frames that the whole catalogue has
 * about `frames` (a frame every 2 s); hashes spread over the 64 bits, detail grids from sixteen
 * random ones (their content does not change what confirming costs), three colours and a grid.
 * @param {{ databaseUrl: string, frames: number, progress: (message: string) => void }} options
 */
export async function loadVisualIndex({ databaseUrl, frames, progress }) {
  assertLoopback(databaseUrl.replace(/^postgres(ql)?:/, 'http:'));
  const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 0 });
  await client.connect();
  const started = performance.now();
  try {
    const { rows: [counts] } = await client.query(
      `SELECT count(*) FILTER (WHERE kind = 'video')::int AS videos, count(*) FILTER (WHERE kind = 'photo')::int AS photos, max(id)::bigint AS last
         FROM catalogue.materials WHERE status = 'published' AND kind IN ('video', 'photo')`,
    );
    const perVideo = Math.max(1, Math.round((frames - counts.photos) / Math.max(1, counts.videos)));
    progress(`visual index: ${counts.videos} videos x ${perVideo} frames + ${counts.photos} photos`);
    // 64 md5 digests of 16 bytes: a 32x32 grid, as the indexing job writes.
    await client.query(`CREATE TEMP TABLE bench_details AS
      SELECT n, decode(string_agg(md5(n::text || '-' || k::text), '' ORDER BY k), 'hex') AS detail
        FROM generate_series(0, 15) n, generate_series(0, 63) k GROUP BY n`);
    const last = Number(counts.last ?? 0);
    const step = 50_000;
    for (let from = 0; from <= last; from += step) {
      await client.query(
        `INSERT INTO catalogue.material_looks (material_id, colours, composition, frames)
         SELECT m.id,
                jsonb_build_array(
                  jsonb_build_object('lab', jsonb_build_array(20 + (h % 70), (h >> 8) % 100 - 50, (h >> 16) % 100 - 50), 'hex', '#808080', 'share', 0.5),
                  jsonb_build_object('lab', jsonb_build_array(20 + ((h >> 24) % 70), (h >> 32) % 100 - 50, (h >> 40) % 100 - 50), 'hex', '#808080', 'share', 0.3),
                  jsonb_build_object('lab', jsonb_build_array(20 + ((h >> 48) % 70), (h >> 4) % 100 - 50, (h >> 12) % 100 - 50), 'hex', '#808080', 'share', 0.2)),
                decode(md5(m.id::text) || md5((m.id + 1)::text), 'hex'),
                CASE WHEN m.kind = 'video' THEN $3::int ELSE 1 END
           FROM (SELECT id, kind, hashint8extended(id, 21) & 9223372036854775807 AS h FROM catalogue.materials
                  WHERE id > $1 AND id <= $2 AND status = 'published' AND kind IN ('video', 'photo')) m
         ON CONFLICT (material_id) DO NOTHING`,
        [from, from + step, perVideo],
      );
      await client.query(
        `INSERT INTO catalogue.material_frames (material_id, time_ms, hash, detail)
         SELECT l.material_id, g * 2000, hashint8extended(l.material_id * 1000 + g, 11), d.detail
           FROM catalogue.material_looks l
           CROSS JOIN LATERAL generate_series(0, l.frames - 1) g
           JOIN bench_details d ON d.n = (l.material_id + g) % 16
          WHERE l.material_id > $1 AND l.material_id <= $2
         ON CONFLICT DO NOTHING`,
        [from, from + step],
      );
      if (from % (step * 4) === 0) progress(`visual index: materials up to ${from + step} of ${last}`);
    }
    await client.query('ANALYZE catalogue.material_frames');
    await client.query('ANALYZE catalogue.material_looks');
    const { rows: [stored] } = await client.query(`SELECT (SELECT count(*) FROM catalogue.material_frames)::int AS frames, (SELECT count(*) FROM catalogue.material_looks)::int AS looks`);
    return { frames: stored.frames, looks: stored.looks, perVideo, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

/**
 * `count` distinct 1920x1080 JPEG pictures (shapes of random colours over a random ground), as
 * a buyer's screenshots or reference photos would come, about 200-400 KB each.
 * @param {string} root @param {number} count @param {number} seed
 */
export async function queryPictures(root, count, seed = 20261128) {
  const random = await seeded(root, seed);
  const colour = () => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  /** @type {Buffer[]} */
  const pictures = [];
  for (let i = 0; i < count; i++) {
    const shapes = Array.from({ length: 12 }, () =>
      random() < 0.5
        ? `<circle cx="${random() * 1920}" cy="${random() * 1080}" r="${40 + random() * 300}" fill="${colour()}"/>`
        : `<rect x="${random() * 1920}" y="${random() * 1080}" width="${60 + random() * 700}" height="${40 + random() * 500}" fill="${colour()}"/>`,
    ).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="1920" height="1080" fill="url(#g)"/>${shapes}</svg>`;
    pictures.push(await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
  }
  return pictures;
}

/**
 * Each picture sent once to POST /api/material/searchByImage, `clients` at a time, each request
 * from its own buyer's address (X-Forwarded-For through a trusted proxy, as behind the ingress):
 * the latency includes the upload, checking and decoding the picture, keeping it, the index
 * lookups and the cards. Answers the kept pictures' ids for the paging run.
 * @param {{ baseUrl: string, pictures: Buffer[], clients: number, firstAddress: number }} options
 */
export async function runImageSearch({ baseUrl, pictures, clients, firstAddress }) {
  assertLoopback(baseUrl);
  /** @type {number[]} */
  const latencies = [];
  /** @type {string[]} */
  const queryIds = [];
  let errors = 0;
  let withSources = 0;
  let next = 0;
  const started = performance.now();
  const client = async () => {
    for (let i = next++; i < pictures.length; i = next++) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(pictures[i])], { type: 'image/jpeg' }), `picture-${i}.jpg`);
      const address = firstAddress + i;
      const t = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/material/searchByImage`, {
          method: 'POST',
          body: form,
          headers: { 'accept-language': i % 2 ? 'en' : 'zh-CN', 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
          signal: AbortSignal.timeout(30_000),
        });
        const answer = await response.json();
        if (response.status !== 200 || answer.code !== 0) errors += 1;
        else {
          latencies.push(performance.now() - t);
          queryIds.push(answer.data.queryId);
          if (answer.data.sources.length > 0) withSources += 1;
        }
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const durationSec = (performance.now() - started) / 1000;
  return { clients, requests: latencies.length, errors, withSources, rps: latencies.length / durationSec, latencyMs: summarize(latencies), queryIds };
}

/**
 * Further pages and filters of kept pictures (no picture sent, no decoding): each query id once,
 * with a kind or a resolution, and a page.
 * @param {{ root: string, baseUrl: string, queryIds: string[], clients: number }} options
 */
export async function runImageSearchPages({ root, baseUrl, queryIds, clients }) {
  const random = await seeded(root, 7);
  const resolutions = ['4k', '1080p', '2k'];
  const queries = queryIds.map((queryId, i) => ({
    shape: 'page',
    lang: /** @type {'en' | 'zh-CN'} */ (i % 2 ? 'en' : 'zh-CN'),
    body: i % 3 === 0 ? { queryId, type: 'video', pageNo: 2 } : i % 3 === 1 ? { queryId, type: 'pic' } : { queryId, filters: { resolution: [resolutions[Math.floor(random() * 3)]] }, pageNo: 1 + Math.floor(random() * 3) },
  }));
  return runDistinct({ baseUrl, queries, clients, path: '/api/material/searchByImage/page' });
}

/**
 * Keyword searches with and without a colour, side by side: disjoint sets of distinct keyword
 * queries (no colour in them), the second of each pair given one named colour, run alternately
 * twice at `clients` so neither side is always first.
 * @param {{ root: string, baseUrl: string, databaseUrl: string, count: number, clients: number }} options
 */
export async function runColourFilter({ root, baseUrl, databaseUrl, count, clients }) {
  const colours = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'black', 'grey', 'white'];
  const { sets } = await distinctQuerySets({ root, databaseUrl, count: count * 2, sets: 4, seed: 20261128 });
  const keywordOnly = (/** @type {any[]} */ set) => set.filter((query) => query.body.keyword && !query.body.filters?.colour).slice(0, count);
  const random = await seeded(root, 11);
  const withColour = (/** @type {any[]} */ set) =>
    keywordOnly(set).map((query) => ({ ...query, shape: `${query.shape}+colour`, body: { ...query.body, filters: { ...(query.body.filters ?? {}), colour: [colours[Math.floor(random() * colours.length)]] } } }));
  /** @type {{ plain: any, colour: any }[]} */
  const rounds = [];
  for (const [plainSet, colourSet] of [[sets[0], sets[1]], [sets[3], sets[2]]]) {
    const colourFirst = rounds.length > 0;
    const plainQueries = keywordOnly(plainSet);
    const colourQueries = withColour(colourSet);
    let colour = colourFirst ? await runDistinct({ baseUrl, queries: colourQueries, clients }) : null;
    const plain = await runDistinct({ baseUrl, queries: plainQueries, clients });
    colour ??= await runDistinct({ baseUrl, queries: colourQueries, clients });
    rounds.push({ plain, colour });
  }
  const p95 = (/** @type {'plain' | 'colour'} */ side) => summarize(rounds.map((round) => round[side].latencyMs.p95)).p50;
  return { clients, rounds: rounds.map((round) => ({ plain: strip(round.plain), colour: strip(round.colour) })), plainP95Ms: p95('plain'), colourP95Ms: p95('colour') };
}

/** @param {any} run */
const strip = (run) => ({ requests: run.requests, errors: run.errors, found: run.found, rps: run.rps, latencyMs: run.latencyMs });

/**
 * The ingest near-duplicate check as the uploads pipeline runs it (its NearDuplicateFinder and
 * UploadFrameIndex, built), over the catalogue's generated frames instead of uploads: the index
 * built from every frame, then `count` uploads of 10 frames each checked one after another,
 * half of them re-cuts of stored clips (hashes a few bits off, so candidates are confirmed), half
 * new footage.
 * @param {{ root: string, databaseUrl: string, count: number, progress: (message: string) => void }} options
 */
export async function measureDuplicateCheck({ root, databaseUrl, count, progress }) {
  const { NearDuplicateFinder } = await importBuilt(root, 'services/uploads/dist/duplicates/near-duplicate.finder.js');
  const { UploadFrameIndex } = await importBuilt(root, 'services/uploads/dist/duplicates/upload-frame-index.service.js');
  const { inMemoryFrameIndexEngine } = await importBuilt(root, 'libs/platform/dist/visual/in-memory-frame-index.js');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'bench-duplicates' });
  pool.on('error', () => undefined);
  try {
    /** The uploads repository's four reads, over catalogue.material_frames and catalogue.materials. */
    const frames = {
      now: async () => new Date((await pool.query('SELECT clock_timestamp() AS now')).rows[0].now),
      recordedSince: async function* (/** @type {Date | null} */ since) {
        if (since) return;
        let afterId = 0;
        for (;;) {
          const { rows } = await pool.query(
            `SELECT material_id::int AS id, time_ms, (hash >> 32)::int AS high, (hash & 4294967295)::float8 AS low FROM catalogue.material_frames
              WHERE material_id > $1 AND material_id <= $1 + 20000 ORDER BY material_id, time_ms`,
            [afterId],
          );
          const { rows: [more] } = await pool.query('SELECT EXISTS (SELECT 1 FROM catalogue.material_frames WHERE material_id > $1) AS more', [afterId + 20_000]);
          const byUpload = new Map();
          for (const row of rows) {
            if (!byUpload.has(row.id)) byUpload.set(row.id, { uploadId: row.id, frames: [] });
            byUpload.get(row.id).frames.push({ timeMs: row.time_ms, hash: (BigInt(row.high >>> 0) << 32n) | BigInt(row.low) });
          }
          if (byUpload.size > 0) yield [...byUpload.values()];
          afterId += 20_000;
          if (!more.more) return;
        }
      },
      details: async (/** @type {number[]} */ ids) => {
        const details = new Map();
        const { rows } = await pool.query('SELECT material_id::int AS id, time_ms, detail FROM catalogue.material_frames WHERE material_id = ANY($1::bigint[]) ORDER BY material_id, time_ms', [ids]);
        for (const row of rows) {
          if (!details.has(row.id)) details.set(row.id, []);
          details.get(row.id).push({ timeMs: row.time_ms, detail: new Uint8Array(row.detail) });
        }
        return details;
      },
      owners: async (/** @type {number[]} */ ids) => {
        const { rows } = await pool.query(`SELECT id::int AS id, kind, duration FROM catalogue.materials WHERE id = ANY($1::bigint[])`, [ids]);
        return new Map(rows.map((row) => [row.id, { id: row.id, contributorId: 'bench', fileName: `material-${row.id}`, kind: row.kind, durationSeconds: row.duration }]));
      },
    };
    const index = new UploadFrameIndex(frames, inMemoryFrameIndexEngine);
    const started = performance.now();
    await index.ready();
    const buildMs = performance.now() - started;
    progress(`near-duplicate index: ${index.size.frames} frames built in ${Math.round(buildMs)} ms, ${Math.round(index.size.bytes / 1048576)} MB`);
    const finder = new NearDuplicateFinder(index, frames);
    const random = await seeded(root, 5);
    const { rows: sampled } = await pool.query(
      `SELECT f.material_id::int AS id, f.time_ms, f.hash::text AS hash, f.detail FROM catalogue.material_frames f
        WHERE f.material_id IN (SELECT material_id FROM catalogue.material_looks WHERE frames >= 10 ORDER BY hashint4(material_id::int) LIMIT $1)
        ORDER BY f.material_id, f.time_ms`,
      [Math.ceil(count / 2)],
    );
    const clips = new Map();
    for (const row of sampled) {
      if (!clips.has(row.id)) clips.set(row.id, []);
      clips.get(row.id).push(row);
    }
    const flip = (/** @type {bigint} */ hash) => {
      let result = BigInt.asUintN(64, hash);
      for (let bit = 0; bit < 4; bit++) result ^= 1n << BigInt(Math.floor(random() * 64));
      return result;
    };
    const randomHash = () => (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32));
    /** @type {any[]} */
    const uploads = [];
    let id = 2_000_000_000;
    for (const /** @type {any[]} */ clip of clips.values()) {
      // A re-cut: five consecutive frames of the stored clip, a few bits off each.
      const from = Math.floor(random() * Math.max(1, clip.length - 5));
      uploads.push({ id: id++, kind: 'video', durationSeconds: 10, copy: true, frames: clip.slice(from, from + 5).map((/** @type {any} */ row, /** @type {number} */ i) => ({ timeMs: i * 2000, hash: flip(BigInt(row.hash)), detail: new Uint8Array(row.detail) })) });
    }
    while (uploads.length < count) {
      const detail = new Uint8Array(32 * 32).map(() => Math.floor(random() * 256));
      uploads.push({ id: id++, kind: 'video', durationSeconds: 10, copy: false, frames: Array.from({ length: 10 }, (_, i) => ({ timeMs: i * 2000, hash: randomHash(), detail })) });
    }
    /** @type {number[]} */
    const latencies = [];
    let flagged = 0;
    let copiesFound = 0;
    let copies = 0;
    for (const upload of uploads) {
      const t = performance.now();
      const found = await finder.find(upload);
      latencies.push(performance.now() - t);
      if (found.length > 0) flagged += 1;
      if (upload.copy) {
        copies += 1;
        if (found.length > 0) copiesFound += 1;
      }
    }
    return { frames: index.size.frames, indexBytes: index.size.bytes, buildMs, checks: uploads.length, copies, copiesFound, flagged, latencyMs: summarize(latencies) };
  } finally {
    await pool.end();
  }
}

/**
 * A gauge of the server's /metrics (loopback may scrape), or null while absent.
 * @param {string} baseUrl @param {string} name
 */
export async function metric(baseUrl, name) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}
