import { FILTER_NAMES, FILTER_VALUES, IMAGE_QUERY_MAX_BYTES, type FilterName, type ImageSearchPageRequest } from '@mkt/contracts/web';

/**
 * The picture a buyer chose last to search with, handed from wherever it was chosen (the header's
 * camera panel, a video's "search with this frame") to the answer page, which sends it once. The
 * server keeps it for its searcher for a day under an id; the answer page's address carries that
 * id, so a reload, a page or a filter asks by id instead of sending the picture again.
 */
let chosen: File | null = null;
/** Pictures sent from this tab, by the id the server gave them, to show without downloading them back. */
const sent = new Map<string, File>();

export function setQueryImage(picture: File): void {
  chosen = picture;
}

/** The picture chosen and not sent yet, once: the answer page takes it to send it. */
export function takeQueryImage(): File | null {
  const picture = chosen;
  chosen = null;
  return picture;
}

export function rememberSentPicture(queryId: string, picture: File): void {
  sent.set(queryId, picture);
}

export function sentPicture(queryId: string): File | null {
  return sent.get(queryId) ?? null;
}

export type ImageSearchKind = 'all' | 'video' | 'pic';

/** What the answer page shows, as its address says: the query's id, the kind, the filters, the page. */
export interface ImageSearchState {
  queryId: string | null;
  type: ImageSearchKind;
  filters: Partial<Record<FilterName, string[]>>;
  page: number;
}

export function parseImageSearchState(search: string): ImageSearchState {
  const params = new URLSearchParams(search);
  const q = params.get('q');
  const type = params.get('type');
  const filters: ImageSearchState['filters'] = {};
  for (const name of FILTER_NAMES) {
    const chosenValues = new Set((params.get(name) ?? '').split(',').filter(Boolean));
    const values = (FILTER_VALUES[name] as readonly string[]).filter((value) => chosenValues.has(value));
    if (values.length > 0) filters[name] = values;
  }
  const page = Number(params.get('page'));
  return {
    queryId: q && /^[0-9a-f-]{36}$/i.test(q) ? q.toLowerCase() : null,
    type: type === 'video' || type === 'pic' ? type : 'all',
    filters,
    page: Number.isInteger(page) && page >= 1 && page <= 50 ? page : 1,
  };
}

export function serializeImageSearchState(state: ImageSearchState): string {
  const params = new URLSearchParams();
  if (state.queryId) params.set('q', state.queryId);
  if (state.type !== 'all') params.set('type', state.type);
  for (const name of FILTER_NAMES) {
    const values = state.filters[name];
    if (values?.length) params.set(name, values.join(','));
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString().replace(/%2C/g, ',');
}

export const IMAGE_SEARCH_PAGE_SIZE = 24;

export function toImageSearchPageRequest(state: ImageSearchState & { queryId: string }): ImageSearchPageRequest {
  return { queryId: state.queryId, type: state.type, filters: state.filters as ImageSearchPageRequest['filters'], pageNo: state.page, pageSize: IMAGE_SEARCH_PAGE_SIZE };
}

export const QUERY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const QUERY_IMAGE_ACCEPT = QUERY_IMAGE_TYPES.join(',');

/**
 * What is wrong with a picture before it is sent, as far as the browser can tell (its declared
 * type and size): 'type', 'size' or null. The server checks the real content again.
 */
export function queryImageProblem(picture: { type: string; size: number }): 'type' | 'size' | null {
  if (!(QUERY_IMAGE_TYPES as readonly string[]).includes(picture.type)) return 'type';
  if (picture.size > IMAGE_QUERY_MAX_BYTES) return 'size';
  return null;
}

/** The first picture in a paste (Ctrl+V, or a long-press paste on a phone), if any. */
export function pastedPicture(data: DataTransfer | null): File | null {
  if (!data) return null;
  for (const item of Array.from(data.items)) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile();
  }
  return null;
}

/** 4200 -> "0:04", 75300 -> "1:15": where in a clip a frame is. */
export function timeCode(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The detail page of a material, opened at the frame's time for a clip (`t` in seconds). */
export function sourceLink(material: { id: number; kind: string }, timeMs: number | null): string {
  if (material.kind !== 'video') return `/DetailPic?id=${material.id}`;
  return timeMs === null ? `/Detail?id=${material.id}` : `/Detail?id=${material.id}&t=${(timeMs / 1000).toFixed(1)}`;
}
