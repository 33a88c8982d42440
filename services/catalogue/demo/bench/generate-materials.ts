import pg from 'pg';
import { FILTER_VALUES } from '@mkt/contracts';
import { cleanTags, cleanText, searchColumnsOf, searchVectorSql } from '@mkt/catalogue';
import { seededRandom } from '@mkt/platform';
import { MOODS, PHOTO_CATEGORIES, PLACES, SUBJECTS, TECHNIQUES, TIMES, VIDEO_CATEGORIES } from './vocabulary.js';

/**
 * Fills the catalogue tables of a database with a large generated catalogue for benchmarks:
 * metadata only (no media files), bilingual titles and tags drawn from the vocabulary, varied
 * filters, categories, topics, dates and sales, and the search columns exactly as
 * PostgresMaterialSearchIndex writes them (same text helpers, same vector expression).
 *
 * Fast path: the distinct texts (a few tens of thousands) are segmented here once and their
 * vectors computed once in a side table; the materials themselves are produced by
 * generate_series in SQL, two id ranges at a time, with the secondary indexes dropped during the
 * load and rebuilt afterwards, then VACUUM (ANALYZE): a catalogue that grew over time has been
 * vacuumed by then, and a freshly loaded one left to autovacuum gets it in the middle of the
 * measurements (a 1M table's vacuum ran through the search and detail sections, each first read
 * of a row also setting its hint bits). Deterministic: the same count gives the same rows.
 */
export interface GenerateOptions {
  /** postgres:// URL of the database holding the `catalogue` schema (migrations already run). */
  databaseUrl: string;
  count: number;
  /** Empty the catalogue tables first; without it a non-empty materials table is an error. */
  replace?: boolean;
  /** Distinct title/tag combinations (default: count / 16, between 1,000 and 80,000). */
  distinctTexts?: number;
  onProgress?: (message: string) => void;
}

export interface GenerateResult {
  materials: number;
  published: number;
  distinctTexts: number;
  topics: number;
  categories: number;
  timingsMs: { texts: number; materials: number; indexes: number; vacuum: number; total: number };
}

const S = 'catalogue';
const TEXTS = `"${S}"."bench_texts"`;
const TEXT_CHUNK = 5_000;
const TOPIC_SIZE = 150;


export interface GeneratedText {
  titleZh: string;
  titleEn: string;
  keywordsZh: string[];
  keywordsEn: string[];
  mediaType: string;
  people: boolean;
}

/** The n-th distinct text (deterministic): place, time, subject, technique and sometimes a mood, in both languages. */
export function generatedTexts(total: number): GeneratedText[] {
  const random = seededRandom(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const seen = new Set<string>();
  const texts: GeneratedText[] = [];
  for (let attempt = 0; texts.length < total && attempt < total * 20; attempt += 1) {
    const place = pick(PLACES);
    const time = random() < 0.75 ? pick(TIMES) : null;
    const subject = pick(SUBJECTS);
    const technique = pick(TECHNIQUES);
    const mood = random() < 0.5 ? pick(MOODS) : null;
    const titleZh = cleanText(`${mood?.[0] ?? ''}${place[0]}${time?.[0] ?? ''}${subject[0]}${technique[0]}`);
    if (seen.has(titleZh)) continue;
    seen.add(titleZh);
    const en = `${mood ? `${mood[1]} ` : ''}${subject[1]}${time ? ` ${time[1]}` : ''} in ${place[1]}, ${technique[1]}`;
    texts.push({
      titleZh,
      titleEn: cleanText(en.charAt(0).toUpperCase() + en.slice(1)),
      keywordsZh: cleanTags([place[0], time?.[0] ?? '', subject[0], technique[0], mood?.[0] ?? '']),
      keywordsEn: cleanTags([place[1], time?.[1] ?? '', subject[1], technique[1], mood?.[1] ?? '']),
      mediaType: technique[2],
      people: subject[2],
    });
  }
  return texts;
}

/** One value of a filter, chosen by a hash column: `(ARRAY[...])[1 + h % n]`. */
function pickSql(values: readonly string[], hash: string): string {
  return `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])[1 + (${hash} % ${values.length})]`;
}

function materialsInsertSql(): string {
  const F = FILTER_VALUES;
  const one = (value: string) => `jsonb_build_array(${value})`;
  // Resolution: mostly 4k and 1080p.
  const resolution = `CASE WHEN g.h5 % 100 < 40 THEN '1080p' WHEN g.h5 % 100 < 75 THEN '4k' WHEN g.h5 % 100 < 85 THEN '2k' WHEN g.h5 % 100 < 90 THEN '8k' WHEN g.h5 % 100 < 93 THEN '6k' ELSE '720p' END`;
  const peopleFilters = `CASE WHEN t.people THEN jsonb_build_object(
      'people', jsonb_build_array('with-people'),
      'gender', ${one(pickSql(F.gender, '(g.h6 >> 3)'))},
      'race', ${one(pickSql(F.race, '(g.h6 >> 7)'))},
      'count', ${one(pickSql(F.count, '(g.h6 >> 11)'))},
      'age', ${one(pickSql(F.age, '(g.h6 >> 15)'))})
    ELSE jsonb_build_object('people', jsonb_build_array('none')) END`;
  const videoFilters = `jsonb_build_object(
      'mediaType', jsonb_build_array(t.media_type),
      'resolution', jsonb_build_array(r.res),
      'shootingType', ${one(`CASE WHEN t.media_type = 'aerial' THEN 'drone' ELSE ${pickSql(['fixed', 'handheld', 'gimbal', 'dolly', 'underwater', 'fixed'], '(g.h6 >> 19)')} END`)},
      'frameRate', ${one(pickSql(F.frameRate, '(g.h6 >> 23)'))},
      'composition', ${one(pickSql(F.composition, '(g.h6 >> 27)'))},
      'duration', ${one(pickSql(F.duration, '(g.h6 >> 31)'))})`;
  const photoFilters = `jsonb_build_object('composition', ${one(pickSql(F.composition, '(g.h6 >> 27)'))}, 'resolution', jsonb_build_array(r.res))`;
  // One or two named colours, in the palette's order, as the visual index derives them.
  const palette = `(ARRAY[${F.colour.map((v) => `'${v}'`).join(',')}])`;
  const first = `((g.h5 >> 20) % ${F.colour.length})`;
  const second = `((g.h5 >> 27) % ${F.colour.length})`;
  const colourFilter = `jsonb_build_object('colour', CASE WHEN ${first} = ${second} THEN jsonb_build_array(${palette}[1 + ${first}])
      WHEN ${first} < ${second} THEN jsonb_build_array(${palette}[1 + ${first}], ${palette}[1 + ${second}])
      ELSE jsonb_build_array(${palette}[1 + ${second}], ${palette}[1 + ${first}]) END)`;
  return `
    INSERT INTO "${S}"."materials" (id, code, kind, "from", status, title_zh, title_en, keywords_zh, keywords_en, category_id,
      duration, frame_rate, width, height, max_resolution, hdr_flag, sales_count, filters, updated_at, online_at, created_at,
      search_zh, search_en, search_terms, search_vector)
    SELECT g.id, c.code, c.kind, ${pickSql(['own', 'own', 'own', 'own', 'own', 'own', 'raw', 'external'], '(g.h2 >> 8)')}, c.status,
      t.title_zh_raw, t.title_en_raw, t.keywords_zh_raw, t.keywords_en_raw,
      CASE WHEN c.kind = 'video' THEN ($4::int[])[1 + (g.h3 >> 4) % cardinality($4::int[])] ELSE ($5::int[])[1 + (g.h3 >> 4) % cardinality($5::int[])] END,
      CASE WHEN c.kind = 'video' THEN 4 + (g.h4 >> 3) % 120 END,
      CASE WHEN c.kind = 'video' THEN (ARRAY[24, 25, 30, 50, 60, 120])[1 + (g.h6 >> 23) % 6] END,
      r.width, r.height, upper(r.res), (g.h5 >> 9) % 10 = 0,
      floor(power(((g.h3 >> 12) % 1000000) / 1000000.0, 8) * 5000)::int,
      CASE WHEN c.kind = 'video' THEN ${videoFilters} ELSE ${photoFilters} END || ${peopleFilters} || CASE WHEN c.kind IN ('video', 'photo') THEN ${colourFilter} ELSE '{}'::jsonb END,
      d.online_at, CASE WHEN c.status = 'draft' THEN NULL ELSE d.online_at END, d.online_at - interval '1 day' * ((g.h4 >> 20) % 30),
      trim(t.title_zh || ' ' || t.keywords_zh), trim(t.title_en || ' ' || t.keywords_en), lower(c.code) || t.terms_rest, t.search_vector
    FROM (
      SELECT i AS id,
        hashint8extended(i, 1) & 9223372036854775807 AS h1, hashint8extended(i, 2) & 9223372036854775807 AS h2,
        hashint8extended(i, 3) & 9223372036854775807 AS h3, hashint8extended(i, 4) & 9223372036854775807 AS h4,
        hashint8extended(i, 5) & 9223372036854775807 AS h5, hashint8extended(i, 6) & 9223372036854775807 AS h6
      FROM generate_series($1::bigint, $2::bigint) AS i
    ) g
    JOIN ${TEXTS} t ON t.n = g.h1 % $3
    CROSS JOIN LATERAL (SELECT
      CASE WHEN g.h2 % 10 < 7 THEN 'video' ELSE 'photo' END AS kind,
      CASE WHEN g.h2 % 10 < 7 THEN 'LV' ELSE 'LP' END || (10000000 + g.id) AS code,
      CASE WHEN (g.h2 >> 16) % 100 < 95 THEN 'published' WHEN (g.h2 >> 16) % 100 < 98 THEN 'draft' ELSE 'unpublished' END AS status) c
    CROSS JOIN LATERAL (SELECT ${resolution} AS res) r0
    CROSS JOIN LATERAL (SELECT r0.res,
      CASE r0.res WHEN '8k' THEN 7680 WHEN '6k' THEN 6144 WHEN '4k' THEN 3840 WHEN '2k' THEN 2560 WHEN '1080p' THEN 1920 ELSE 1280 END AS width,
      CASE r0.res WHEN '8k' THEN 4320 WHEN '6k' THEN 3160 WHEN '4k' THEN 2160 WHEN '2k' THEN 1440 WHEN '1080p' THEN 1080 ELSE 720 END AS height) r
    CROSS JOIN LATERAL (SELECT timestamptz '2026-01-01 00:00:00+00' - interval '1 second' * ((g.h4 >> 8) % (5 * 365 * 86400)) AS online_at) d`;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'catalogue-bench-generator' });
  client.on('error', () => undefined);
  await client.connect();
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET work_mem = '64MB'`);
  await client.query(`SET max_parallel_maintenance_workers = 1`);
  return client;
}

export async function generateMaterials(options: GenerateOptions): Promise<GenerateResult> {
  const { count } = options;
  if (!Number.isSafeInteger(count) || count < 1 || count > 50_000_000) throw new RangeError(`count must be within 1..50,000,000, got ${count}`);
  const log = options.onProgress ?? (() => undefined);
  const distinct = options.distinctTexts ?? Math.min(80_000, Math.max(1_000, Math.floor(count / 16)));
  const started = performance.now();
  const [a, b] = await Promise.all([connect(options.databaseUrl), connect(options.databaseUrl)]);
  const timings = { texts: 0, materials: 0, indexes: 0, vacuum: 0, total: 0 };
  let indexDefinitions: { name: string; definition: string }[] = [];
  try {
    const [{ n }] = (await a.query(`SELECT count(*)::int AS n FROM "${S}"."materials"`)).rows as { n: number }[];
    if (n > 0 && !options.replace) throw new Error(`catalogue.materials already holds ${n} rows: pass replace to empty the catalogue first`);
    if (options.replace) {
      await a.query(`TRUNCATE "${S}"."topic_materials", "${S}"."topics", "${S}"."materials", "${S}"."categories", "${S}"."hot_words" RESTART IDENTITY CASCADE`);
    }

    // Categories, hot words.
    const categoryRows = [...VIDEO_CATEGORIES.map((c) => ['video', ...c]), ...PHOTO_CATEGORIES.map((c) => ['photo', ...c])];
    const categories = (
      await a.query(
        `INSERT INTO "${S}"."categories" (kind, name_zh, name_en, sort) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) RETURNING id, kind`,
        [categoryRows.map((r) => r[0]), categoryRows.map((r) => r[1]), categoryRows.map((r) => r[2]), categoryRows.map((_, i) => i)],
      )
    ).rows as { id: number; kind: string }[];
    const videoCategories = categories.filter((c) => c.kind === 'video').map((c) => c.id);
    const photoCategories = categories.filter((c) => c.kind === 'photo').map((c) => c.id);
    const hot = [...TIMES.slice(0, 4), ...PLACES.slice(0, 4), ...SUBJECTS.slice(0, 4).map((s) => [s[0], s[1]] as const)];
    await a.query(`INSERT INTO "${S}"."hot_words" (word_zh, word_en, sort) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])`, [
      hot.map((h) => h[0]),
      hot.map((h) => h[1]),
      hot.map((_, i) => i),
    ]);

    // Distinct texts: cleaned and segmented here, vectors computed once in SQL.
    let t0 = performance.now();
    const texts = generatedTexts(distinct);
    await a.query(`DROP TABLE IF EXISTS ${TEXTS}`);
    await a.query(`CREATE UNLOGGED TABLE ${TEXTS} (
      n int PRIMARY KEY, title_zh_raw varchar(200), title_en_raw varchar(200), keywords_zh_raw text[], keywords_en_raw text[],
      title_zh text, keywords_zh text, title_en text, keywords_en text, terms_rest text, search_vector tsvector, media_type text, people boolean)`);
    for (let start = 0; start < texts.length; start += TEXT_CHUNK) {
      const chunk = texts.slice(start, start + TEXT_CHUNK);
      const columns = chunk.map((text) => searchColumnsOf({ ...text, code: '' }));
      await a.query(
        `INSERT INTO ${TEXTS} (n, title_zh_raw, title_en_raw, keywords_zh_raw, keywords_en_raw, title_zh, keywords_zh, title_en, keywords_en, terms_rest, search_vector, media_type, people)
         SELECT x.n, x.title_zh_raw, x.title_en_raw, string_to_array(x.kzh, '|'), string_to_array(x.ken, '|'), x.title_zh, x.keywords_zh, x.title_en, x.keywords_en,
                x.terms_rest, ${searchVectorSql('x')}, x.media_type, x.people
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::boolean[])
           AS x(n, title_zh_raw, title_en_raw, kzh, ken, title_zh, keywords_zh, title_en, keywords_en, terms_rest, media_type, people)`,
        [
          chunk.map((_, i) => start + i),
          chunk.map((t) => t.titleZh),
          chunk.map((t) => t.titleEn),
          chunk.map((t) => t.keywordsZh.join('|')),
          chunk.map((t) => t.keywordsEn.join('|')),
          columns.map((c) => c.titleZh),
          columns.map((c) => c.keywordsZh),
          columns.map((c) => c.titleEn),
          columns.map((c) => c.keywordsEn),
          // searchColumnsOf puts the (here empty) copy number first: keep the rest, with its leading space.
          columns.map((c) => c.terms),
          chunk.map((t) => t.mediaType),
          chunk.map((t) => t.people),
        ],
      );
    }
    timings.texts = performance.now() - t0;
    log(`${texts.length.toLocaleString('en-US')} distinct texts segmented and stored in ${Math.round(timings.texts)} ms`);

    // Secondary indexes off during the load (constraint indexes stay).
    indexDefinitions = (
      await a.query(
        `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         WHERE i.indrelid = '"${S}"."materials"'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
         ORDER BY c.relname`,
      )
    ).rows as { name: string; definition: string }[];
    for (const index of indexDefinitions) await a.query(`DROP INDEX "${S}"."${index.name}"`);

    t0 = performance.now();
    const sql = materialsInsertSql();
    const middle = Math.floor(count / 2);
    const ranges: [number, number][] = [];
    const step = 100_000;
    for (let lo = 1; lo <= count; lo += step) ranges.push([lo, Math.min(count, lo + step - 1)]);
    let done = 0;
    const worker = async (client: pg.Client, mine: [number, number][]) => {
      for (const [lo, hi] of mine) {
        await client.query(sql, [lo, hi, texts.length, videoCategories, photoCategories]);
        done += hi - lo + 1;
        log(`materials: ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`);
      }
    };
    await Promise.all([worker(a, ranges.filter(([lo]) => lo <= middle)), worker(b, ranges.filter(([lo]) => lo > middle))]);
    await a.query(`SELECT setval(pg_get_serial_sequence('"${S}"."materials"', 'id'), $1)`, [count]);
    timings.materials = performance.now() - t0;
    log(`${count.toLocaleString('en-US')} materials inserted in ${Math.round(timings.materials)} ms`);

    // Topics: a dozen curated lists of about 150 materials each.
    const topics = SUBJECTS.slice(0, 12);
    await a.query(
      `INSERT INTO "${S}"."topics" (title_zh, title_en, description_zh, description_en, sort) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])`,
      [topics.map((t) => `${t[0]}精选`), topics.map((t) => `Best of ${t[1]}`), topics.map((t) => `${t[0]}主题素材`), topics.map((t) => `Footage of ${t[1]}`), topics.map((_, i) => i)],
    );
    await a.query(
      `INSERT INTO "${S}"."topic_materials" (topic_id, material_id, sort)
       SELECT t.id, 1 + ((t.id::bigint * 104729 + s * 7919) % $1), s FROM "${S}"."topics" t, generate_series(1, $2) s
       ON CONFLICT DO NOTHING`,
      [count, Math.min(TOPIC_SIZE, count)],
    );
  } finally {
    // Rebuild whatever was dropped, even after a failure, so the schema stays as migrated.
    if (indexDefinitions.length) {
      const t0 = performance.now();
      const queue = [...indexDefinitions];
      const build = async (client: pg.Client) => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const t = performance.now();
          await client.query(next.definition);
          log(`index ${next.name} rebuilt in ${Math.round(performance.now() - t)} ms`);
        }
      };
      await Promise.all([build(a), build(b)]);
      timings.indexes = performance.now() - t0;
    }
    await a.query(`DROP TABLE IF EXISTS ${TEXTS}`).catch(() => undefined);
  }
  try {
    const t0 = performance.now();
    await Promise.all([a.query(`VACUUM (ANALYZE) "${S}"."materials"`), b.query(`VACUUM (ANALYZE) "${S}"."topic_materials"`)]);
    await a.query(`VACUUM (ANALYZE) "${S}"."categories", "${S}"."topics"`);
    timings.vacuum = performance.now() - t0;
    const [stats] = (
      await a.query(`SELECT count(*)::int AS materials, count(*) FILTER (WHERE status = 'published')::int AS published FROM "${S}"."materials"`)
    ).rows as { materials: number; published: number }[];
    const [topicCount] = (await a.query(`SELECT count(*)::int AS n FROM "${S}"."topics"`)).rows as { n: number }[];
    timings.total = performance.now() - started;
    return {
      materials: stats!.materials,
      published: stats!.published,
      distinctTexts: distinct,
      topics: topicCount!.n,
      categories: VIDEO_CATEGORIES.length + PHOTO_CATEGORIES.length,
      timingsMs: timings,
    };
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
}
