import { z } from 'zod';
import { EDITORIAL_KINDS, EDITORIAL_LIMITS, FILTER_NAMES, IMAGE_QUERY_SIMILAR_MAX, FILTER_VALUES, MATERIAL_SOURCES, MATERIAL_STATUSES, RULE_IDS, BIZ_TYPES, SEARCH_LIMITS, SEARCH_SORTS, type FilterName } from './api.js';
import { lineText, normaliseText } from '../text.js';
import { bigserialId, INT4_MAX, serialId, wholeNumber } from '../wire-numbers.js';

const filterSchemas = Object.fromEntries(
  FILTER_NAMES.map((name) => [name, z.array(z.enum(FILTER_VALUES[name] as unknown as [string, ...string[]])).max(10).optional()]),
) as { [K in FilterName]: z.ZodOptional<z.ZodArray<z.ZodEnum<{ [V in (typeof FILTER_VALUES)[K][number]]: V }>>> };

/** POST /material/search: video or photo search (the music search has its own call). */
export const materialSearchRequestSchema = z.object({
  keyword: z.string().max(SEARCH_LIMITS.keywordMaxLength).optional().default(''),
  type: z.enum(['video', 'pic']).default('video'),
  categoryId: serialId().optional(),
  topicId: serialId().optional(),
  from: z.enum(MATERIAL_SOURCES).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  pageNo: wholeNumber(1, SEARCH_LIMITS.pageMax).default(1),
  pageSize: wholeNumber(1, SEARCH_LIMITS.pageSizeMax).default(24),
  filters: z.object(filterSchemas).partial().default({}),
  /** The words as typed only: no typo correction even when they find nothing ("search for … instead"). */
  asTyped: z.boolean().optional(),
});
export type MaterialSearchRequest = z.input<typeof materialSearchRequestSchema>;
export type MaterialSearchQuery = z.output<typeof materialSearchRequestSchema>;

export const materialDetailRequestSchema = z.object({ id: bigserialId() });

/** POST /material/searchByImage/page: the picture searched before, another page or other filters. */
export const imageSearchPageRequestSchema = z.object({
  queryId: z.uuid(),
  /** all kinds, videos or photos. */
  type: z.enum(['all', 'video', 'pic']).default('all'),
  filters: z.object(filterSchemas).partial().default({}),
  pageNo: wholeNumber(1, Math.ceil(IMAGE_QUERY_SIMILAR_MAX / 12)).default(1),
  pageSize: wholeNumber(12, SEARCH_LIMITS.pageSizeMax).default(24),
});
export type ImageSearchPageRequest = z.input<typeof imageSearchPageRequestSchema>;
export type ImageSearchPageQuery = z.output<typeof imageSearchPageRequestSchema>;

/** "More like this", steered: by subject (tags and category), colours, composition, any of them together. */
export const similarByRequestSchema = z
  .object({
    id: bigserialId(),
    subject: z.boolean().default(true),
    colour: z.boolean().default(false),
    composition: z.boolean().default(false),
  })
  .refine((body) => body.subject || body.colour || body.composition, { message: 'choose at least one of subject, colour, composition', path: ['subject'] });

/**
 * Tags for a material being described (the upload's details step, the material's edit screen):
 * the tags entered so far in each language, its kind and category, and the published materials
 * that look like it (the answer of a search with its thumbnail); `excludeId` leaves the
 * material's own published copy out of the statistics.
 */
export const tagSuggestionsRequestSchema = z.object({
  kind: z.enum(['video', 'photo']),
  keywordsZh: z.array(lineText(1, 40)).max(50).default([]),
  keywordsEn: z.array(lineText(1, 40)).max(50).default([]),
  categoryId: serialId().nullable().default(null),
  similarIds: z.array(bigserialId()).max(48).default([]),
  excludeId: bigserialId().nullable().default(null),
});
export type TagSuggestionsRequest = z.input<typeof tagSuggestionsRequestSchema>;

export const bookmarkListRequestSchema = z.object({
  targetType: wholeNumber(0, 3),
  pageNo: wholeNumber(1, 10000).default(1),
  pageSize: wholeNumber(1, 60).default(6),
});

export const bookmarkRequestSchema = z.object({
  targetId: bigserialId(),
  targetType: wholeNumber(0, 3),
});
export const bookmarkCancelRequestSchema = z.object({ id: bigserialId() });

export const topicRequestSchema = z.object({
  id: serialId(),
  pageNo: wholeNumber(1, SEARCH_LIMITS.pageMax).default(1),
  pageSize: wholeNumber(1, SEARCH_LIMITS.pageSizeMax).default(24),
});

export const editorialListRequestSchema = z.object({
  kind: z.enum(EDITORIAL_KINDS),
  pageNo: wholeNumber(1, EDITORIAL_LIMITS.pageMax).default(1),
  pageSize: wholeNumber(1, EDITORIAL_LIMITS.pageSizeMax).default(12),
});
export const editorialDetailRequestSchema = z.object({ id: serialId() });

export const materialClickRequestSchema = z.object({
  bizType: z.union(BIZ_TYPES.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<100>]),
  ruleId: wholeNumber(0, INT4_MAX).refine((v) => (RULE_IDS as readonly number[]).includes(v), 'unknown ruleId'),
  title: z.string().max(300).default(''),
  referer: z.string().max(2000).default(''),
  navigator: z.string().max(1000).default(''),
  targetId: bigserialId().optional(),
});

export const sampleDownloadRequestSchema = z.object({ id: bigserialId() });

export const materialFiltersSchema = z.object(filterSchemas).partial();

const keywordList = z.array(lineText(0, 60)).max(60);
export const materialAdminUpdateSchema = z
  .object({
    titleZh: lineText(0, 200),
    titleEn: lineText(0, 200),
    keywordsZh: keywordList,
    keywordsEn: keywordList,
    descriptionZh: z.string().max(4000),
    descriptionEn: z.string().max(4000),
    categoryId: serialId().nullable(),
    from: z.enum(MATERIAL_SOURCES),
    filters: materialFiltersSchema,
    status: z.enum(MATERIAL_STATUSES),
  })
  .partial();
export type MaterialAdminUpdate = z.infer<typeof materialAdminUpdateSchema>;

const categoryFields = {
  kind: z.enum(['video', 'photo']),
  nameZh: lineText(1, 60),
  nameEn: lineText(1, 60),
  coverKey: z.string().max(400).nullable(),
  sort: z.number().int().min(0).max(100000),
};
export const categoryAdminCreateSchema = z.object({
  ...categoryFields,
  coverKey: categoryFields.coverKey.default(null),
  sort: categoryFields.sort.default(0),
});
/** Updates carry only what changes (react-admin sends the whole record; unknown keys are ignored). */
export const categoryAdminUpdateSchema = z.object(categoryFields).partial();
export type CategoryAdminCreate = z.input<typeof categoryAdminCreateSchema>;
export type CategoryAdminUpdate = z.input<typeof categoryAdminUpdateSchema>;

const topicFields = {
  titleZh: lineText(1, 120),
  titleEn: lineText(1, 120),
  descriptionZh: z.string().max(2000),
  descriptionEn: z.string().max(2000),
  homeCoverKey: z.string().max(400).nullable(),
  sort: z.number().int().min(0).max(100000),
  published: z.boolean(),
  /** The topic's materials in display order. */
  materialIds: z.array(bigserialId()).max(500),
};
export const topicAdminCreateSchema = z.object({
  ...topicFields,
  descriptionZh: topicFields.descriptionZh.default(''),
  descriptionEn: topicFields.descriptionEn.default(''),
  homeCoverKey: topicFields.homeCoverKey.default(null),
  sort: topicFields.sort.default(0),
  published: topicFields.published.default(true),
  materialIds: topicFields.materialIds.default([]),
});
export const topicAdminUpdateSchema = z.object(topicFields).partial();
export type TopicAdminCreate = z.output<typeof topicAdminCreateSchema>;
export type TopicAdminUpdate = z.output<typeof topicAdminUpdateSchema>;

/** Body text: plain paragraphs separated by blank lines (normalised like every text; line breaks stay). */
const bodyText = (max: number) => z.string().overwrite((value) => normaliseText(value).replace(/\r\n?/g, '\n').trim()).max(max);
const editorialFields = {
  kind: z.enum(EDITORIAL_KINDS),
  titleZh: lineText(1, EDITORIAL_LIMITS.titleMax),
  titleEn: lineText(1, EDITORIAL_LIMITS.titleMax),
  bodyZh: bodyText(EDITORIAL_LIMITS.bodyMax),
  bodyEn: bodyText(EDITORIAL_LIMITS.bodyMax),
  coverKey: z.string().max(400).nullable(),
  brandZh: lineText(0, EDITORIAL_LIMITS.brandMax),
  brandEn: lineText(0, EDITORIAL_LIMITS.brandMax),
  /** A published video or photo shown large on the entry's page. */
  featuredMaterialId: bigserialId().nullable(),
  /** Published materials shown as cards below the text, in this order. */
  relatedMaterialIds: z.array(bigserialId()).max(EDITORIAL_LIMITS.relatedMax),
  published: z.boolean(),
  sort: z.number().int().min(0).max(100000),
};
export const editorialEntryAdminCreateSchema = z.object({
  ...editorialFields,
  bodyZh: editorialFields.bodyZh.default(''),
  bodyEn: editorialFields.bodyEn.default(''),
  coverKey: editorialFields.coverKey.default(null),
  brandZh: editorialFields.brandZh.default(''),
  brandEn: editorialFields.brandEn.default(''),
  featuredMaterialId: editorialFields.featuredMaterialId.default(null),
  relatedMaterialIds: editorialFields.relatedMaterialIds.default([]),
  published: editorialFields.published.default(false),
  sort: editorialFields.sort.default(0),
});
export const editorialEntryAdminUpdateSchema = z.object(editorialFields).partial();
export type EditorialEntryAdminCreate = z.output<typeof editorialEntryAdminCreateSchema>;
export type EditorialEntryAdminUpdate = z.output<typeof editorialEntryAdminUpdateSchema>;

const hotWordFields = {
  wordZh: lineText(1, 40),
  wordEn: lineText(1, 60),
  sort: z.number().int().min(0).max(100000),
};
export const hotWordAdminCreateSchema = z.object({ ...hotWordFields, sort: hotWordFields.sort.default(0) });
export const hotWordAdminUpdateSchema = z.object(hotWordFields).partial();
export type HotWordAdminCreate = z.input<typeof hotWordAdminCreateSchema>;
export type HotWordAdminUpdate = z.input<typeof hotWordAdminUpdateSchema>;

/** Words and phrases a search treats as one: 2 to 20 terms of 1 to 40 characters (the service checks the length again after cleaning). */
export const SEARCH_SYNONYM_LIMITS = { minTerms: 2, maxTerms: 20, termMaxLength: 40 } as const;
const searchSynonymFields = {
  terms: z.array(lineText(1, SEARCH_SYNONYM_LIMITS.termMaxLength)).min(SEARCH_SYNONYM_LIMITS.minTerms).max(SEARCH_SYNONYM_LIMITS.maxTerms),
};
export const searchSynonymAdminCreateSchema = z.object(searchSynonymFields);
export const searchSynonymAdminUpdateSchema = z.object(searchSynonymFields).partial();
export type SearchSynonymAdminCreate = z.input<typeof searchSynonymAdminCreateSchema>;
export type SearchSynonymAdminUpdate = z.input<typeof searchSynonymAdminUpdateSchema>;
