import { z } from 'zod';
import { DETAIL_FILTERS, DETAILS_RULES, MATERIAL_CENTER_TABS } from './api.js';
import { RELEASE_KINDS, RELEASE_MAX_BYTES, RELEASE_TYPES, RELEASES_PER_UPLOAD_MAX } from './releases.js';
import { FILTER_VALUES } from '../catalogue/api.js';
import { lineText } from '../text.js';
import { BIGINT_ID_MAX, bigserialId, wholeNumber } from '../wire-numbers.js';

const fileName = lineText(1, 255).refine((name) => !/[\\/]/.test(name), 'file name');
/** Bytes of one file; the column is a bigint. */
const fileSize = wholeNumber(1, BIGINT_ID_MAX);
const pixels = wholeNumber(1, 100_000);
const filePath = z.string().min(1).max(512);

/** /upload/token/video and /upload/token/photo. */
export const uploadTokenRequestSchema = z.object({
  fileName,
  fileSize,
  /** Photos: dimensions read by the browser, checked again on the server from the file itself. */
  width: pixels.optional(),
  height: pixels.optional(),
});
export type UploadTokenRequest = z.infer<typeof uploadTokenRequestSchema>;

/** /upload/ali/sts: credentials for a set of parts of one session. */
export const uploadStsRequestSchema = z.object({
  filePath,
  partNumbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(100),
});
export type UploadStsRequest = z.infer<typeof uploadStsRequestSchema>;

/** /upload/video/success and /upload/photo/success. */
export const uploadSuccessRequestSchema = z.object({
  fileName,
  filePath,
  fileSize,
  platform: z.literal('web').default('web'),
  width: pixels.optional(),
  height: pixels.optional(),
  /** Part number → etag as the store answered each PUT. */
  parts: z.array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(128) })).max(10_000).optional(),
});
export type UploadSuccessRequest = z.output<typeof uploadSuccessRequestSchema>;

/** /download/ali/sts: a signed sample link of one of the contributor's materials. */
export const downloadStsRequestSchema = z.object({ id: bigserialId() });

export const materialListRequestSchema = z.object({
  tab: z.enum(MATERIAL_CENTER_TABS).default('home'),
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(60).default(20),
});
export type MaterialListRequest = z.input<typeof materialListRequestSchema>;

export const materialIdRequestSchema = z.object({ id: bigserialId() });

const titleText = lineText(0, 100);
const tagList = z.array(lineText(1, 30)).max(50);

/** gid 2 edits the description of own material (spec section 6). */
export const materialUpdateRequestSchema = z.object({
  id: bigserialId(),
  titleZh: z.optional(titleText),
  titleEn: z.optional(titleText),
  keywordsZh: z.optional(tagList),
  keywordsEn: z.optional(tagList),
  descriptionZh: z.string().trim().max(1000).optional(),
  descriptionEn: z.string().trim().max(1000).optional(),
});
export type MaterialUpdateRequest = z.output<typeof materialUpdateRequestSchema>;

const filterValues = <N extends (typeof DETAIL_FILTERS)[number]>(name: N) => z.array(z.enum(FILTER_VALUES[name])).max(FILTER_VALUES[name].length).optional();
const detailFilters = z
  .object({
    mediaType: filterValues('mediaType'),
    shootingType: filterValues('shootingType'),
    composition: filterValues('composition'),
    people: filterValues('people'),
    gender: filterValues('gender'),
    race: filterValues('race'),
    count: filterValues('count'),
    age: filterValues('age'),
  } satisfies Record<(typeof DETAIL_FILTERS)[number], unknown>)
  .strict();

/**
 * The details step of an upload: what a file needs before review, in both languages. Whether
 * people appear is always asked (releases depend on it); the rest of the filters are optional.
 */
export const materialDetailsRequestSchema = z.object({
  id: bigserialId(),
  titleZh: lineText(1, DETAILS_RULES.titleMax),
  titleEn: lineText(1, DETAILS_RULES.titleMax),
  descriptionZh: z.string().trim().max(DETAILS_RULES.descriptionMax).default(''),
  descriptionEn: z.string().trim().max(DETAILS_RULES.descriptionMax).default(''),
  keywordsZh: z.array(lineText(1, 30)).min(DETAILS_RULES.minKeywords).max(DETAILS_RULES.maxKeywords),
  keywordsEn: z.array(lineText(1, 30)).min(DETAILS_RULES.minKeywords).max(DETAILS_RULES.maxKeywords),
  categoryId: z.number().int().min(1).max(2_147_483_647),
  filters: detailFilters.refine((filters) => (filters.people?.length ?? 0) === 1, { message: 'people', path: ['people'] }),
  /** Whether recognizable people or private property appear: review asks for the matching releases. */
  recognizablePeople: z.boolean(),
  privateProperty: z.boolean(),
  /** Releases from the contributor's library, in the order chosen (duplicates dropped). */
  releaseIds: z.array(z.uuid()).max(RELEASES_PER_UPLOAD_MAX).default([]),
});
export type MaterialDetailsRequest = z.output<typeof materialDetailsRequestSchema>;

export const reviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    // The reviewer's corrections of the contributor's details; what is left out stays as the contributor wrote it.
    titleZh: z.optional(lineText(1, 100)),
    titleEn: z.optional(lineText(1, 100)),
    keywordsZh: z.optional(z.array(lineText(1, 30)).max(50)),
    keywordsEn: z.optional(z.array(lineText(1, 30)).max(50)),
    /** Sold for editorial use only: what review chooses when the releases a file needs are missing. */
    editorialOnly: z.boolean().default(false),
  }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
]);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** The day a release was signed: a real calendar day, not in the future (checked against the server's clock by the service). */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) && day >= '1900-01-01';
  }, 'calendar day');

export const releaseLinkRequestSchema = z.object({
  kind: z.enum(RELEASE_KINDS),
  name: lineText(1, 100),
  signedOn: calendarDay,
  contentType: z.enum(RELEASE_TYPES),
  size: z.number().int().min(1).max(RELEASE_MAX_BYTES),
});
export type ReleaseLinkRequest = z.output<typeof releaseLinkRequestSchema>;
export const releaseIdRequestSchema = z.object({ id: z.uuid() });
export const releaseListRequestSchema = z.object({
  kind: z.enum(RELEASE_KINDS).optional(),
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type ReleaseListRequest = z.output<typeof releaseListRequestSchema>;
