import { z } from 'zod';
import { MUSIC_BPM_RANGES, MUSIC_DURATION_RANGES, MUSIC_LIMITS, MUSIC_SORTS } from './api.js';
import { lineText } from '../text.js';
import { bigserialId, decimalNumber, serialId, wholeNumber } from '../wire-numbers.js';

const pageNo = wholeNumber(1, MUSIC_LIMITS.pageMax).default(1);
const pageSize = (fallback: number) => wholeNumber(1, MUSIC_LIMITS.pageSizeMax).default(fallback);
/** A track is a material: its id is the material's. */
const musicId = bigserialId();
const musicType = wholeNumber(1, 2).pipe(z.union([z.literal(1), z.literal(2)]));

export const musicIdRequestSchema = z.object({ musicId });
export const musicCollectCancelRequestSchema = z.object({ bookmarkId: bigserialId() });
export const musicCollectMyRequestSchema = z.object({
  musicType,
  pageNo,
  pageSize: pageSize(MUSIC_LIMITS.defaultPageSize),
});
export const musicSavePlayListRequestSchema = z.object({ musicIdList: z.array(musicId).max(MUSIC_LIMITS.historyMax * 4) });
export const musicSimilarRequestSchema = z.object({ musicId, pageNo, pageSize: pageSize(MUSIC_LIMITS.similarPageSize) });
export const musicSheetListRequestSchema = z.object({ pageNo, pageSize: pageSize(MUSIC_LIMITS.defaultPageSize) });
export const musicSheetMusicListRequestSchema = z.object({
  sheetId: serialId(),
  pageNo,
  pageSize: pageSize(MUSIC_LIMITS.sheetPageSize),
});

/** /music/search: the search fields of the music home (mood, genre, BPM, duration, tags, keyword). */
export const musicSearchRequestSchema = z.object({
  keyword: z.string().max(MUSIC_LIMITS.keywordMaxLength).optional().default(''),
  musicType: musicType.optional().default(1),
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

export const musicChangeTypeRequestSchema = z.object({ musicId, musicType });
export const musicSkuListRequestSchema = z.object({ price: decimalNumber(0, 100_000_000).optional(), musicId: z.optional(musicId) });

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
  price: decimalNumber(0, 100_000_000),
  purchasePrice: decimalNumber(0, 100_000_000),
});
export type MusicOrderCreateRequest = z.input<typeof musicOrderCreateRequestSchema>;

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

export const musicSheetAdminCreateSchema = z.object({
  nameZh: lineText(1, 100),
  nameEn: lineText(1, 100),
  descriptionZh: z.string().max(500).default(''),
  descriptionEn: z.string().max(500).default(''),
  coverKey: z.string().max(400).nullable().default(null),
  sort: z.number().int().min(0).max(100000).default(0),
  published: z.boolean().default(true),
  musicIds: z.array(bigserialId()).max(500).default([]),
});
export const musicSheetAdminUpdateSchema = musicSheetAdminCreateSchema.partial();
export type MusicSheetAdminCreate = z.output<typeof musicSheetAdminCreateSchema>;
export type MusicSheetAdminUpdate = z.output<typeof musicSheetAdminUpdateSchema>;

export const musicSkuAdminUpdateSchema = z
  .object({
    nameZh: lineText(1, 60),
    nameEn: lineText(1, 60),
    sort: z.number().int().min(0).max(1000),
    priceFen: z.number().int().min(0).max(100_000_000),
  })
  .partial();
export type MusicSkuAdminUpdate = z.infer<typeof musicSkuAdminUpdateSchema>;
