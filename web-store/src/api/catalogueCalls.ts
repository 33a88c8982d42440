import type {
  BookmarkItem,
  Category,
  EditorialDetailResponse,
  EditorialKind,
  EditorialListResponse,
  HomeIndexResponse,
  ImageSearchPageRequest,
  ImageSearchResult,
  SimilarByResponse,
  MaterialDetail,
  TagSuggestionsResponse,
  MaterialSearchRequest,
  MaterialSearchResponse,
  SampleDownloadResponse,
  Topic,
  TopicDetailResponse,
} from '@mkt/contracts/web';
import { CatalogueCalls } from '@mkt/contracts/web';
import { type CallOptions, get, post, postForm } from './client';

const paths = CatalogueCalls;

export interface BookmarkListRequest {
  targetType: number;
  pageNo: number;
  pageSize: number;
}

export interface BookmarkListResponse {
  infos: BookmarkItem[];
  total: number;
}

export interface ClickRequest {
  bizType: 0 | 1 | 5 | 100;
  ruleId: number;
  title: string;
  referer: string;
  navigator: string;
  targetId?: number;
}

/** Home, lookup, search, detail, topic, bookmark and tracking calls (spec section 7). */
export const catalogueCalls = {
  homeIndex: (options?: CallOptions) => post<HomeIndexResponse>(paths.homeIndex, {}, options),
  hotwords: async (options?: CallOptions): Promise<string[]> => {
    const words = await get<unknown>(paths.hotword, options);
    return Array.isArray(words) ? words.filter((word): word is string => typeof word === 'string' && word !== '') : [];
  },
  videoCategories: async (options?: CallOptions) =>
    (await post<{ list?: Category[] } | null>(paths.videoCategoryList, {}, options))?.list ?? [],
  photoCategories: async (options?: CallOptions) =>
    (await post<{ list?: Category[] } | null>(paths.photoCategoryList, {}, options))?.list ?? [],
  search: (request: MaterialSearchRequest, options?: CallOptions) => post<MaterialSearchResponse>(paths.search, request, options),
  similarBy: (request: { id: number; subject: boolean; colour: boolean; composition: boolean }, options?: CallOptions) =>
    post<SimilarByResponse>(paths.similarBy, request, options),
  searchByImage: (picture: File, options?: CallOptions) => {
    const form = new FormData();
    form.append('image', picture, picture.name || 'picture');
    return postForm<ImageSearchResult>(paths.searchByImage, form, options);
  },
  searchByImagePage: (request: ImageSearchPageRequest, options?: CallOptions) => post<ImageSearchResult>(paths.searchByImagePage, request, options),
  tagSuggestions: (
    request: { kind: 'video' | 'photo'; keywordsZh: string[]; keywordsEn: string[]; categoryId: number | null; similarIds: number[] },
    options?: CallOptions,
  ) => post<TagSuggestionsResponse>(paths.tagSuggestions, request, options),
  detail: (id: number, options?: CallOptions) => post<MaterialDetail>(paths.detail, { id }, options),
  topic: (request: { id: number; pageNo: number; pageSize: number }, options?: CallOptions) =>
    post<TopicDetailResponse>(paths.topic, request, options),
  topicList: async (options?: CallOptions): Promise<Topic[]> =>
    (await post<{ list?: Topic[] } | null>(paths.topicList, {}, options))?.list ?? [],
  editorialList: (request: { kind: EditorialKind; pageNo: number; pageSize: number }, options?: CallOptions) =>
    post<EditorialListResponse>(paths.editorialList, request, options),
  editorialDetail: (id: number, options?: CallOptions) => post<EditorialDetailResponse>(paths.editorialDetail, { id }, options),
  bookmarks: async (request: BookmarkListRequest, options?: CallOptions): Promise<BookmarkListResponse> => {
    const data = await post<Partial<BookmarkListResponse> | null>(paths.bookmarkList, request, options);
    return { infos: data?.infos ?? [], total: data?.total ?? 0 };
  },
  bookmark: (targetId: number, targetType: number) => post<{ id: number }>(paths.bookmark, { targetId, targetType }),
  cancelBookmark: (id: number) => post<null>(paths.bookmarkCancel, { id }),
  sample: (id: number) => post<SampleDownloadResponse>(paths.sample, { id }),
  /** Tracking is fire-and-forget: a failure never reaches the user. */
  click: (request: ClickRequest): void => {
    post<null>(paths.click, request).catch(() => undefined);
  },
};
