/**
 * Music and sound effects (spec sections 2 "Music player bar", "Cards and music blocks",
 * 3 "Music", 4 "Player" and "Music licence buying", 5 "Music order form", 7 "Music", 9).
 * Field names are the spec's, so a client written against the original product keeps working.
 * No zod here, so the web apps can import it; request schemas are in ./schemas.ts.
 */
export type {
  MusicOrderCreateRequest,
  MusicSearchQuery,
  MusicSearchRequest,
  MusicSheetAdminCreate,
  MusicSheetAdminUpdate,
  MusicSkuAdminUpdate,
  MusicTrackAdminUpdate,
} from './schemas.js';

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

export const MUSIC_SORTS = ['newest', 'popular', 'durationAsc', 'durationDesc'] as const;
export const MUSIC_DURATION_RANGES = ['0-30', '30-60', '60-120', '120+'] as const;
export const MUSIC_BPM_RANGES = ['0-80', '80-110', '110-140', '140+'] as const;

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
  /**
   * The cheapest licence the buyer can order for the track: the lowest priced area of the licence
   * cascade (every track is licensed through the same cascade), integer fen; null while no area
   * has a price. The store shows "from" this amount.
   */
  licenceFromFen: number | null;
  /** The spec's yuan fields, the same amount as licenceFromFen (0 when that is null). */
  price: number;
  purchasePriceYuan: number;
}

export interface MusicPage {
  infos: MusicInfo[];
  total: number;
}

/** POST /music/search: a page, with the search demand token of a keyword search (see MaterialSearchResponse). */
export interface MusicSearchPage extends MusicPage {
  demandToken?: string;
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
  /** The readable number the buyer sees and quotes (same scheme as every other order). */
  orderNo: string;
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

export interface MusicSkuAdminView {
  id: string;
  parentId: string | null;
  level: number;
  nameZh: string;
  nameEn: string;
  sort: number;
  priceFen: number | null;
}

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
