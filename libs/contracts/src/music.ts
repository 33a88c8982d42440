import { z } from 'zod';

/**
 * Music and sound effects (spec sections 2 "Music player bar", "Cards and music blocks",
 * 3 "Music", 4 "Player" and "Music licence buying", 5 "Music order form", 7 "Music", 9).
 * Field names are the spec's, so a client written against the original product keeps working.
 */

/** musicType: 1 music, 2 sound effect (spec section 7 /music/collect/my, /music/changeType). */
export const MUSIC_TYPES = { music: 1, sfx: 2 } as const;
export type MusicType = 1 | 2;

/** Spec section 9. */
export const MUSIC_LIMITS = {
  historyMax: 30,
  sheetPageSize: 20,
  defaultPageSize: 10,
  headerPageSize: 6,
  similarPageSize: 6,
  pageSizeMax: 60,
  pageMax: 500,
  keywordMaxLength: 100,
  wavePeaks: 800,
  tagsShown: 6,
} as const;

/** The store paths (POST unless noted). `/music/{id}` is the detail call; waveUrl is answered by GET. */
export const MusicCalls = {
  detail: (id: number) => `/music/${id}`,
  play: '/music/play',
  download: '/music/download',
  collect: '/music/collect',
  collectCancel: '/music/collect/cancel',
  collectMy: '/music/collect/my',
  findPlayList: '/music/findPlayList',
  savePlayList: '/music/savePlayList',
  similar: '/music/similar',
  sheetList: '/music/sheetList',
  sheetMusicList: '/music/sheetMusicList',
  search: '/music/search',
  version: '/music/version',
  changeType: '/music/changeType',
  skuList: '/music/skuList',
  orderCreate: '/music/order/create',
  wave: (id: number) => `/music/wave/${id}`, // GET
} as const;

const pageNo = z.coerce.number().int().min(1).max(MUSIC_LIMITS.pageMax).default(1);
const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(MUSIC_LIMITS.pageSizeMax).default(fallback);
const musicId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** serial (int4) ids: larger numbers name nothing and must not reach the database. */
const serialId = z.coerce.number().int().positive().max(2_147_483_647);

export const musicIdRequestSchema = z.object({ musicId });
export const musicCollectCancelRequestSchema = z.object({ bookmarkId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const musicCollectMyRequestSchema = z.object({
  musicType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  pageNo,
  pageSize: pageSize(MUSIC_LIMITS.defaultPageSize),
});
export const musicSavePlayListRequestSchema = z.object({ musicIdList: z.array(musicId).max(MUSIC_LIMITS.historyMax * 4) });
export const musicSimilarRequestSchema = z.object({ musicId, pageNo, pageSize: pageSize(MUSIC_LIMITS.similarPageSize) });
export const musicSheetListRequestSchema = z.object({ pageNo, pageSize: pageSize(MUSIC_LIMITS.defaultPageSize) });
export const musicSheetMusicListRequestSchema = z.object({
  sheetId: serialId,
  pageNo,
  pageSize: pageSize(MUSIC_LIMITS.sheetPageSize),
});

export const MUSIC_SORTS = ['newest', 'popular', 'durationAsc', 'durationDesc'] as const;
export const MUSIC_DURATION_RANGES = ['0-30', '30-60', '60-120', '120+'] as const;
export const MUSIC_BPM_RANGES = ['0-80', '80-110', '110-140', '140+'] as const;

/** /music/search: the search fields of the music home (mood, genre, BPM, duration, tags, keyword). */
export const musicSearchRequestSchema = z.object({
  keyword: z.string().max(MUSIC_LIMITS.keywordMaxLength).optional().default(''),
  musicType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])).optional().default(1),
  mood: z.string().max(40).optional(),
  genre: z.string().max(40).optional(),
  tag: z.string().max(40).optional(),
  bpm: z.enum(MUSIC_BPM_RANGES).optional(),
  duration: z.enum(MUSIC_DURATION_RANGES).optional(),
  sort: z.enum(MUSIC_SORTS).default('newest'),
  pageNo,
  pageSize: pageSize(MUSIC_LIMITS.defaultPageSize),
});
export type MusicSearchRequest = z.input<typeof musicSearchRequestSchema>;
export type MusicSearchQuery = z.output<typeof musicSearchRequestSchema>;

export const musicChangeTypeRequestSchema = z.object({ musicId, musicType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) });
export const musicSkuListRequestSchema = z.object({ price: z.coerce.number().min(0).optional(), musicId: z.optional(musicId) });

/**
 * /music/order/create. Text fields may arrive empty so that the service answers with the spec's
 * own messages ('please fill in project name' ...) instead of a generic validation message.
 * price and purchasePrice are the yuan amounts the buyer saw; the server re-prices and refuses a
 * mismatch, so nobody is charged a price they were not shown.
 */
export const musicOrderCreateRequestSchema = z.object({
  projectName: z.string().max(100).default(''),
  brand: z.string().max(100).default(''),
  companyName: z.string().max(100).default(''),
  musicId,
  sceneId: z.string().max(64).default(''),
  channelId: z.string().max(64).default(''),
  periodId: z.string().max(64).default(''),
  authAreaId: z.string().max(64).default(''),
  price: z.coerce.number().min(0).max(100_000_000),
  purchasePrice: z.coerce.number().min(0).max(100_000_000),
});
export type MusicOrderCreateRequest = z.input<typeof musicOrderCreateRequestSchema>;

export interface MusicTag {
  tagName: string;
}

/** Spec section 3 "Music"; `cover` has three sizes and the third carries the url the blocks show. */
export interface MusicInfo {
  musicId: number;
  musicType: MusicType;
  code: string;
  musicName: string;
  composerText: string;
  artistText: string;
  masteryText: string;
  makerText: string;
  arrangerText: string;
  authorText: string;
  durationText: string;
  duration: number;
  bpm: number;
  mood: string;
  genre: string;
  tagList: MusicTag[];
  cover: { url: string }[];
  coverStr: string;
  listenUrl: string;
  waveUrl: string;
  subVersionCount: number;
  /** Set on a version (a shorter cut): the full track's id and the cut's label. */
  parentId: number | null;
  versionName: string;
  sourceNote: string;
  bookmarkId: number | null;
  /** Yuan, from purchasePriceYuan. */
  price: number;
  purchasePriceYuan: number;
}

export interface MusicPage {
  infos: MusicInfo[];
  total: number;
}

export interface MusicSheet {
  sheetId: number;
  name: string;
  description: string;
  coverStr: string;
  musicCount: number;
}

export interface MusicSheetDetail extends MusicPage {
  sheet: MusicSheet;
}

export interface MusicPlayInfo {
  playInfo: { fileUrl: string; fileName?: string; expiresInSeconds?: number };
}

/** A node of the licence cascade: level 1 scene, 2 channel, 3 period, 4 area (the leaf, a SKU). */
export interface MusicSkuNode {
  id: string;
  name: string;
  level: 1 | 2 | 3 | 4;
  /** Leaves only: yuan and integer fen. */
  price?: number;
  priceFen?: number;
  children?: MusicSkuNode[];
}

export interface MusicSkuListResponse {
  skuList: MusicSkuNode[];
}

export interface MusicOrderCreateResponse {
  orderId: string;
  totalFen: number;
}

/* Console (react-admin) records. */
export interface MusicTrackAdminView {
  id: number;
  code: string;
  kind: 'music' | 'sfx';
  status: string;
  titleZh: string;
  titleEn: string;
  composer: string;
  artist: string;
  mastery: string;
  maker: string;
  arranger: string;
  author: string;
  bpm: number;
  mood: string;
  genre: string;
  duration: number;
  priceFen: number;
  parentId: number | null;
  versionName: string;
  sourceNote: string;
  coverUrl: string | null;
  listenUrl: string | null;
  keywordsZh: string[];
  keywordsEn: string[];
}

export const musicTrackAdminUpdateSchema = z
  .object({
    composer: z.string().max(100),
    artist: z.string().max(100),
    mastery: z.string().max(100),
    maker: z.string().max(100),
    arranger: z.string().max(100),
    author: z.string().max(100),
    bpm: z.number().int().min(0).max(400),
    mood: z.string().max(40),
    genre: z.string().max(40),
    priceFen: z.number().int().min(0).max(100_000_000),
    versionName: z.string().max(40),
    sourceNote: z.string().max(400),
  })
  .partial();
export type MusicTrackAdminUpdate = z.infer<typeof musicTrackAdminUpdateSchema>;

export interface MusicSheetAdminView {
  id: number;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  coverKey: string | null;
  coverUrl: string | null;
  sort: number;
  published: boolean;
  musicIds: number[];
}

export const musicSheetAdminCreateSchema = z.object({
  nameZh: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  descriptionZh: z.string().max(500).default(''),
  descriptionEn: z.string().max(500).default(''),
  coverKey: z.string().max(400).nullable().default(null),
  sort: z.number().int().min(0).max(100000).default(0),
  published: z.boolean().default(true),
  musicIds: z.array(z.number().int().positive()).max(500).default([]),
});
// Pure: the store bundles these contracts and must not keep zod for a schema it never uses.
export const musicSheetAdminUpdateSchema = /* @__PURE__ */ musicSheetAdminCreateSchema.partial();
export type MusicSheetAdminCreate = z.output<typeof musicSheetAdminCreateSchema>;
export type MusicSheetAdminUpdate = z.output<typeof musicSheetAdminUpdateSchema>;

export interface MusicSkuAdminView {
  id: string;
  parentId: string | null;
  level: number;
  nameZh: string;
  nameEn: string;
  sort: number;
  priceFen: number | null;
}

export const musicSkuAdminUpdateSchema = z
  .object({
    nameZh: z.string().trim().min(1).max(60),
    nameEn: z.string().trim().min(1).max(60),
    sort: z.number().int().min(0).max(1000),
    priceFen: z.number().int().min(0).max(100_000_000),
  })
  .partial();
export type MusicSkuAdminUpdate = z.infer<typeof musicSkuAdminUpdateSchema>;

/** mm:ss (spec section 3 durationText). */
export function musicDurationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** Integer fen to a yuan number (two decimals at most). */
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;
/** Yuan (as typed or shown) to integer fen. */
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);

/** Mood and genre keys stored on tracks; both web apps label them in their own language files. */
export const MUSIC_MOODS = ['happy', 'calm', 'epic', 'sad', 'tense', 'romantic', 'energetic', 'dreamy'] as const;
export const MUSIC_GENRES = ['pop', 'electronic', 'classical', 'ambient', 'rock', 'jazz', 'cinematic', 'folk', 'foley', 'ui'] as const;
