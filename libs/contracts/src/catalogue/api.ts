/**
 * Catalogue contracts: materials (videos, photos, music, sound effects), categories, topics,
 * hot words, bookmarks and click tracking, as the store reads them (spec sections 3, 7, 9).
 * No zod here, so the web apps can import it; request schemas are in ./schemas.ts.
 */
export type {
  CategoryAdminCreate,
  CategoryAdminUpdate,
  HotWordAdminCreate,
  HotWordAdminUpdate,
  ImageSearchPageRequest,
  MaterialAdminUpdate,
  MaterialSearchQuery,
  MaterialSearchRequest,
  SearchSynonymAdminCreate,
  SearchSynonymAdminUpdate,
  TopicAdminCreate,
  TopicAdminUpdate,
} from './schemas.js';

export const MATERIAL_KINDS = ['video', 'photo', 'music', 'sfx'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** `from`: own contracted footage, raw (ungraded) footage, or the external source (category 5). */
export const MATERIAL_SOURCES = ['own', 'raw', 'external'] as const;
export type MaterialSource = (typeof MATERIAL_SOURCES)[number];

/** targetType of bookmarks and /Collect: 0 video, 1 photo, 2 music, 3 sound effect. */
export const TARGET_TYPES = { video: 0, photo: 1, music: 2, sfx: 3 } as const;
export type TargetType = (typeof TARGET_TYPES)[keyof typeof TARGET_TYPES];
export const targetTypeOf = (kind: MaterialKind): TargetType => TARGET_TYPES[kind];

/** The category filters of spec section 9, with their allowed values (stored and sent as these keys). */
export const FILTER_VALUES = {
  mediaType: ['live-action', 'aerial', 'timelapse', 'slow-motion', 'animation', 'green-screen'],
  resolution: ['8k', '6k', '4k', '2k', '1080p', '720p'],
  shootingType: ['fixed', 'handheld', 'gimbal', 'drone', 'dolly', 'underwater'],
  frameRate: ['24', '25', '30', '50', '60', '120'],
  composition: ['close-up', 'medium', 'wide', 'extreme-wide', 'overhead'],
  people: ['none', 'with-people'],
  gender: ['male', 'female', 'mixed'],
  race: ['asian', 'white', 'black', 'latino', 'mixed'],
  count: ['1', '2', '3-5', '6+'],
  age: ['child', 'teen', 'young-adult', 'middle-aged', 'senior'],
  duration: ['0-10', '10-30', '30-60', '60+'],
  /**
   * Named colours, derived (never chosen by hand): a photo or video has one when its dominant
   * colours of that name cover enough of the picture (computed by the visual index, in CIELAB).
   */
  colour: ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'black', 'grey', 'white'],
  /**
   * Releases, derived from the material's release status (never chosen by hand): a model release,
   * a property release, or sold for editorial use only.
   */
  release: ['model-released', 'property-released', 'editorial'],
} as const;
export type FilterName = keyof typeof FILTER_VALUES;
export const FILTER_NAMES = Object.keys(FILTER_VALUES) as FilterName[];
/** Filters computed from the media and from review, which staff and contributors do not set by hand. */
export const DERIVED_FILTER_NAMES = ['colour', 'release'] as const satisfies readonly FilterName[];
export type ColourSwatch = (typeof FILTER_VALUES.colour)[number];
/** How each named colour is shown in the palette picker. */
export const COLOUR_SWATCH_HEX: Record<ColourSwatch, string> = {
  red: '#d42a2a',
  orange: '#f07f16',
  yellow: '#f2cf1d',
  green: '#3b9a3a',
  teal: '#17a2a0',
  blue: '#2f64c8',
  purple: '#8e3ea8',
  pink: '#ef8db7',
  brown: '#85552c',
  black: '#161616',
  grey: '#8c8c8c',
  white: '#f7f7f5',
};

export const SEARCH_SORTS = ['relevance', 'newest', 'sales'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_LIMITS = { keywordMaxLength: 100, pageSizeMax: 60, pageMax: 500 } as const;

/** A card: the fields of spec section 3 "Video" / "Image", localized title chosen by the server. */
export interface MaterialCard {
  id: number;
  /** The copy number shown on cards and copied by "copy number". */
  code: string;
  kind: MaterialKind;
  title: string;
  userTitle: string;
  thumbnail: string;
  /** 480p preview for hover and the detail player (videos). */
  url480: string | null;
  /** Hover-preview strip image (videos). */
  previewStrip: string | null;
  duration: number | null;
  width: number;
  height: number;
  groupFlag: boolean;
  hdrFlag: boolean;
  from: MaterialSource;
  maxResolution: string;
  /** Set when the signed-in user has favourited it. */
  bookmarkId: number | null;
}

export interface FacetBucket {
  value: string;
  count: number;
}

export interface MaterialSearchResponse {
  infos: MaterialCard[];
  /** Number of matches, counted up to a cap (10,000 with PostgreSQL search): with `totalCapped` it is a lower bound and pages stop there. */
  total: number;
  /** Present (true) when there are more matches than `total` counts. */
  totalCapped?: true;
  pageNo: number;
  pageSize: number;
  facets: Partial<Record<FilterName, FacetBucket[]>>;
  /** The query as the server understood it (segmented, simplified), for "you searched for". */
  normalizedKeyword: string;
  /**
   * Present when the words as typed found nothing and these results are for the words corrected
   * (a typo of 4+ letters replaced by the closest indexed word): "showing results for …". The
   * memory and PostgreSQL engines say so; OpenSearch matches such words fuzzily and never does.
   */
  correctedKeyword?: string;
  /**
   * Present for a keyword search while search demand is recorded: the signed key the search was
   * counted under, sent back with /material/searchFollowUp when a result is opened or ordered.
   */
  demandToken?: string;
}

/** POST /material/detail {id} — every field of spec section 3 "Material (from copy)". */
export interface MaterialDetail extends MaterialCard {
  titleZh: string;
  titleEn: string;
  keywords: string[];
  description: string;
  frameRate: number | null;
  speed: string | null;
  footageType: string | null;
  colorSpace: string | null;
  colorTransfer: string | null;
  updatedAt: string;
  onlineAt: string | null;
  salesCount: number;
  modelRelease: boolean;
  propertyRelease: boolean;
  /** Sold for editorial use only (no commercial licence): review's choice when releases were missing. */
  editorialOnly: boolean;
  themeColor: string | null;
  originalFps: number | null;
  /** Watermarked sample (download needs a token). */
  samplePath: string | null;
  /**
   * The preview as HLS (a master playlist of 480p and 240p renditions in 2-second segments), once
   * the catalogue has streamed it; until then null, and `url480` is the preview to play.
   */
  previewStream: string | null;
  categoryId: number | null;
  categoryName: string | null;
  filters: Partial<Record<FilterName, string[]>>;
  similar: MaterialCard[];
}

export interface Category {
  id: number;
  categoryName: string;
  kind: 'video' | 'photo';
  cover: string | null;
}

export interface Topic {
  id: number;
  title: string;
  homeCover: string;
  description: string;
  materialCount: number;
}

export interface HomeIndexResponse {
  topicList: Topic[];
}

export interface PreferenceCounts {
  videoBookmark: number;
  photoBookmark: number;
  musicBookmark: number;
  musicEffectBookmark: number;
  videoShopping: number;
  photoShopping: number;
}

/** Spec section 3 "Bookmark item": id, from, thumbnail, coverStr, musicId; plus the card for display. */
export interface BookmarkItem {
  id: number;
  targetId: number;
  targetType: number;
  from: MaterialSource;
  thumbnail: string;
  coverStr: string | null;
  musicId: number | null;
  title: string;
  code: string;
}

/** Editorial pages: 'original' (/OriginList, original content) and 'case' (/CaseList = /ContentList, brand cases). */
export const EDITORIAL_KINDS = ['original', 'case'] as const;
export type EditorialKind = (typeof EDITORIAL_KINDS)[number];
/** Limits of an editorial entry (the console's form and the store's paging). */
export const EDITORIAL_LIMITS = { titleMax: 120, bodyMax: 8000, brandMax: 60, relatedMax: 24, pageSizeMax: 48, pageMax: 1000 } as const;

/** An editorial entry as a list shows it (POST /editorial/list). */
export interface EditorialSummary {
  id: number;
  kind: EditorialKind;
  title: string;
  /** The first paragraph of the body, cut to about 120 characters. */
  summary: string;
  cover: string;
  brand: string;
}

export interface EditorialListResponse {
  list: EditorialSummary[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** One entry (POST /editorial/detail): its body as paragraphs, its featured material and related materials as cards (published ones, in order). */
export interface EditorialDetailResponse extends EditorialSummary {
  paragraphs: string[];
  featured: MaterialCard | null;
  related: MaterialCard[];
  updatedAt: string;
}

export interface TopicDetailResponse {
  topic: Topic;
  infos: MaterialCard[];
  total: number;
}

/** /material/click bizType: 0 video, 1 photo, 5 external source, 100 music. */
export const BIZ_TYPES = [0, 1, 5, 100] as const;
/** ruleId: 21 favourite, 22 unfavourite, 23 download sample, 24 copy number, 25 copy link, 27 open buy; 10 or the mdp value for plays. */
export const RULE_IDS = [6, 7, 10, 17, 21, 22, 23, 24, 25, 27] as const;
export interface SampleDownloadResponse {
  url: string;
  fileName: string;
  expiresInSeconds: number;
}

/** Store calls of the catalogue (all POST unless noted), below STORE_API_PREFIX. */
export const CatalogueCalls = {
  homeIndex: '/home/index',
  homePreference: '/home/preference',
  hotword: '/hotword', // GET
  videoCategoryList: '/video/categoryList',
  photoCategoryList: '/photo/categoryList',
  search: '/material/search',
  detail: '/material/detail',
  similar: '/material/similar',
  topic: '/topic/detail',
  topicList: '/topic/list',
  bookmarkList: '/space/bookmark',
  bookmark: '/preference/bookmark',
  bookmarkCancel: '/preference/cancel',
  click: '/material/click',
  sample: '/material/sample',
  editorialList: '/editorial/list',
  editorialDetail: '/editorial/detail',
  /** Multipart: `image` (jpg, png or webp, at most 20 MB). */
  searchByImage: '/material/searchByImage',
  /** {queryId, type, filters, pageNo, pageSize}: another page of a picture's answer, or its answer narrowed by filters. */
  searchByImagePage: '/material/searchByImage/page',
  /** {id, subject, colour, composition}: "more like this" steered by the buyer. */
  similarBy: '/material/similarBy',
  /** Signed in: {kind, keywordsZh, keywordsEn, categoryId, similarIds, excludeId}: tags to suggest for a material being described. */
  tagSuggestions: '/material/tagSuggestions',
} as const;

/** Why a tag is suggested, strongest first: the dictionary's translation, the look-alikes' tags, tags found with the entered ones, the category's. */
export const TAG_SUGGESTION_REASONS = ['translation', 'similar', 'related', 'category'] as const;
export type TagSuggestionReason = (typeof TAG_SUGGESTION_REASONS)[number];

export interface TagSuggestion {
  tag: string;
  reason: TagSuggestionReason;
}

/** POST /material/tagSuggestions: at most TAG_SUGGESTIONS_MAX a language, best first, none of the entered ones. */
export interface TagSuggestionsResponse {
  zh: TagSuggestion[];
  en: TagSuggestion[];
}
export const TAG_SUGGESTIONS_MAX = 20;

/** POST /material/similarBy: the material's own look is not indexed yet when `byLook` is false (subject only). */
export interface SimilarByResponse {
  infos: MaterialCard[];
  byLook: boolean;
}

/** Search by image: the picture's limits, checked on its real content. */
export const IMAGE_QUERY_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_QUERY_MIN_SIDE = 16;
export const IMAGE_QUERY_MAX_SIDE = 16_384;

/** A material the searched picture comes from: a photo, or a clip with the time of the frame. */
export interface ImageSearchSource extends MaterialCard {
  /** Milliseconds from the clip's start of the frame that matched; null for a photo. */
  timeMs: number | null;
  /** Differing bits of the 64-bit perceptual hashes (0 = the same picture). */
  distance: number;
}

/** How long a searched picture is kept (privately, for paging and filters) before it is deleted. */
export const IMAGE_QUERY_KEEP_HOURS = 24;
/** "Looks alike" answers at most this many materials, paged. */
export const IMAGE_QUERY_SIMILAR_MAX = 600;

/**
 * POST /material/searchByImage (and /page): sources first, then materials that look alike
 * (nearest colours and composition), both within the filters asked for; `similar` is one page.
 */
export interface ImageSearchResult {
  /** The searched picture's id, for its further pages and filters; its searcher's only, for 24 hours. */
  queryId: string;
  /** A short-lived link to the searched picture as kept (re-encoded, without its metadata). */
  pictureUrl: string;
  sources: ImageSearchSource[];
  similar: MaterialCard[];
  similarTotal: number;
  pageNo: number;
  pageSize: number;
}

/* ------------------------------------------------------------------------------------------
 * Console (react-admin REST below ADMIN_API_PREFIX): materials, categories, topics, hot words.
 * Object locations ("coverKey", media keys) are "<bucket>/<key>" strings of object storage;
 * the matching *Url fields are ready-to-use links.
 * ---------------------------------------------------------------------------------------- */

export const MATERIAL_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];

/** Filter values of one material: filter name → allowed values (AND across names, OR within one when searching). */
export type MaterialFilters = Partial<Record<FilterName, string[]>>;

export interface MaterialAdminView {
  id: number;
  code: string;
  kind: MaterialKind;
  from: MaterialSource;
  status: MaterialStatus;
  contributorId: string | null;
  titleZh: string;
  titleEn: string;
  keywordsZh: string[];
  keywordsEn: string[];
  descriptionZh: string;
  descriptionEn: string;
  categoryId: number | null;
  duration: number | null;
  frameRate: number | null;
  width: number;
  height: number;
  maxResolution: string;
  hdrFlag: boolean;
  groupFlag: boolean;
  salesCount: number;
  filters: MaterialFilters;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  createdAt: string;
  updatedAt: string;
  onlineAt: string | null;
}

export interface CategoryAdminView {
  id: number;
  kind: 'video' | 'photo';
  nameZh: string;
  nameEn: string;
  coverKey: string | null;
  coverUrl: string | null;
  sort: number;
}
export interface TopicAdminView {
  id: number;
  titleZh: string;
  titleEn: string;
  descriptionZh: string;
  descriptionEn: string;
  homeCoverKey: string | null;
  homeCoverUrl: string | null;
  sort: number;
  published: boolean;
  materialIds: number[];
}
export interface EditorialEntryAdminView {
  id: number;
  kind: EditorialKind;
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  coverKey: string | null;
  coverUrl: string | null;
  brandZh: string;
  brandEn: string;
  featuredMaterialId: number | null;
  /** Display order. */
  relatedMaterialIds: number[];
  published: boolean;
  sort: number;
  createdAt: string;
  updatedAt: string;
}
export interface HotWordAdminView {
  id: number;
  wordZh: string;
  wordEn: string;
  sort: number;
}
/** A synonym group of the search: a query word or phrase that is one of its terms also finds what the other terms find. */
export interface SearchSynonymAdminView {
  id: number;
  /** Cleaned as titles and tags are (simplified, no punctuation), in the order entered. */
  terms: string[];
  createdAt: string;
  updatedAt: string;
}
