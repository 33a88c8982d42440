import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Music and sound effects: the music-only fields of materials of kind music/sfx, sheets
 * (playlists), server-side play history and the licence SKU cascade with its default prices.
 */
export class CatalogueMusic1764100000000 implements MigrationInterface {
  name = 'CatalogueMusic1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."music_details" (
        "material_id" bigint PRIMARY KEY REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "composer" varchar(100) NOT NULL DEFAULT '',
        "artist" varchar(100) NOT NULL DEFAULT '',
        "mastery" varchar(100) NOT NULL DEFAULT '',
        "maker" varchar(100) NOT NULL DEFAULT '',
        "arranger" varchar(100) NOT NULL DEFAULT '',
        "author" varchar(100) NOT NULL DEFAULT '',
        "bpm" int NOT NULL DEFAULT 0 CHECK ("bpm" >= 0),
        "mood" varchar(40) NOT NULL DEFAULT '',
        "genre" varchar(40) NOT NULL DEFAULT '',
        "price_fen" int NOT NULL DEFAULT 0 CHECK ("price_fen" >= 0),
        "parent_id" bigint REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "version_name" varchar(40) NOT NULL DEFAULT '',
        "source_note" varchar(400) NOT NULL DEFAULT '',
        "peaks" jsonb
      )`);
    await runner.query(`CREATE INDEX "music_details_parent_idx" ON "${S}"."music_details" ("parent_id") WHERE "parent_id" IS NOT NULL`);
    await runner.query(`CREATE INDEX "music_details_mood_genre_idx" ON "${S}"."music_details" ("mood", "genre")`);
    await runner.query(`
      CREATE TABLE "${S}"."music_sheets" (
        "id" serial PRIMARY KEY,
        "name_zh" varchar(100) NOT NULL,
        "name_en" varchar(100) NOT NULL,
        "description_zh" varchar(500) NOT NULL DEFAULT '',
        "description_en" varchar(500) NOT NULL DEFAULT '',
        "cover_key" varchar(400),
        "sort" int NOT NULL DEFAULT 0,
        "published" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "music_sheets_cover_idx" ON "${S}"."music_sheets" ("cover_key") WHERE "published"`);
    await runner.query(`
      CREATE TABLE "${S}"."music_sheet_items" (
        "sheet_id" int NOT NULL REFERENCES "${S}"."music_sheets" ("id") ON DELETE CASCADE,
        "material_id" bigint NOT NULL REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "sort" int NOT NULL DEFAULT 0,
        PRIMARY KEY ("sheet_id", "material_id")
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."music_play_history" (
        "user_id" uuid NOT NULL,
        "material_id" bigint NOT NULL REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "played_at" timestamptz NOT NULL,
        PRIMARY KEY ("user_id", "material_id")
      )`);
    await runner.query(`CREATE INDEX "music_play_history_user_idx" ON "${S}"."music_play_history" ("user_id", "played_at" DESC)`);
    await runner.query(`
      CREATE TABLE "${S}"."music_skus" (
        "id" varchar(64) PRIMARY KEY,
        "parent_id" varchar(64) REFERENCES "${S}"."music_skus" ("id") ON DELETE CASCADE,
        "level" smallint NOT NULL CHECK ("level" BETWEEN 1 AND 4),
        "name_zh" varchar(60) NOT NULL,
        "name_en" varchar(60) NOT NULL,
        "sort" int NOT NULL DEFAULT 0,
        "price_fen" int CHECK ("price_fen" >= 0),
        CHECK (("level" = 4) = ("price_fen" IS NOT NULL))
      )`);
    for (const node of skuTreeAsShipped()) {
      await runner.query(
        `INSERT INTO "${S}"."music_skus" (id, parent_id, level, name_zh, name_en, sort, price_fen) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [node.id, node.parentId, node.level, node.nameZh, node.nameEn, node.sort, node.priceFen],
      );
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['music_skus', 'music_play_history', 'music_sheet_items', 'music_sheets', 'music_details']) {
      await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
    }
  }
}

// The licence cascade exactly as this migration first inserted it (a copy of music/sku-defaults.ts
// at the time). A migration is history: later edits of the product's defaults must not change what
// a fresh database gets from it, nor make two databases disagree about the same version.
const SCENES = [
  {
    key: 'online',
    zh: '网络视频',
    en: 'Online video',
    channels: [
      { key: 'social', zh: '社交媒体', en: 'Social media', baseFen: 30_000 },
      { key: 'web', zh: '企业官网', en: 'Company website', baseFen: 50_000 },
    ],
  },
  {
    key: 'ads',
    zh: '商业广告',
    en: 'Advertising',
    channels: [
      { key: 'internet', zh: '互联网广告', en: 'Internet ads', baseFen: 120_000 },
      { key: 'tv', zh: '电视广告', en: 'TV ads', baseFen: 300_000 },
      { key: 'outdoor', zh: '户外与院线', en: 'Outdoor and cinema', baseFen: 250_000 },
    ],
  },
  {
    key: 'film',
    zh: '影视节目',
    en: 'Film and TV',
    channels: [
      { key: 'series', zh: '网络剧与综艺', en: 'Online series and shows', baseFen: 150_000 },
      { key: 'cinema', zh: '院线电影', en: 'Feature film', baseFen: 400_000 },
    ],
  },
  {
    key: 'event',
    zh: '活动与直播',
    en: 'Events and live',
    channels: [{ key: 'live', zh: '线下活动与直播', en: 'Live events and streams', baseFen: 80_000 }],
  },
] as const;
const PERIODS = [
  { key: '1m', zh: '1个月', en: '1 month', factor: 0.5 },
  { key: '1y', zh: '1年', en: '1 year', factor: 1 },
  { key: '3y', zh: '3年', en: '3 years', factor: 2 },
  { key: '5y', zh: '5年', en: '5 years', factor: 3 },
  { key: 'perm', zh: '永久', en: 'Permanent', factor: 4 },
  { key: 'buyout', zh: '独家买断', en: 'Exclusive buyout', factor: 20 },
] as const;
const AREAS = [
  { key: 'cn', zh: '中国大陆', en: 'Mainland China', factor: 1 },
  { key: 'gc', zh: '大中华区', en: 'Greater China', factor: 1.5 },
  { key: 'global', zh: '全球', en: 'Global', factor: 3 },
] as const;

interface SkuRow {
  id: string;
  parentId: string | null;
  level: 1 | 2 | 3 | 4;
  nameZh: string;
  nameEn: string;
  sort: number;
  priceFen: number | null;
}

function skuTreeAsShipped(): SkuRow[] {
  const rows: SkuRow[] = [];
  SCENES.forEach((scene, s) => {
    rows.push({ id: scene.key, parentId: null, level: 1, nameZh: scene.zh, nameEn: scene.en, sort: s, priceFen: null });
    scene.channels.forEach((channel, c) => {
      const channelId = `${scene.key}.${channel.key}`;
      rows.push({ id: channelId, parentId: scene.key, level: 2, nameZh: channel.zh, nameEn: channel.en, sort: c, priceFen: null });
      PERIODS.forEach((period, p) => {
        const periodId = `${channelId}.${period.key}`;
        rows.push({ id: periodId, parentId: channelId, level: 3, nameZh: period.zh, nameEn: period.en, sort: p, priceFen: null });
        AREAS.forEach((area, a) => {
          const priceFen = Math.round((channel.baseFen * period.factor * area.factor) / 100) * 100;
          rows.push({ id: `${periodId}.${area.key}`, parentId: periodId, level: 4, nameZh: area.zh, nameEn: area.en, sort: a, priceFen });
        });
      });
    });
  });
  return rows;
}
