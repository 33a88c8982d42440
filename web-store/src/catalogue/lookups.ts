import type { Category, Topic } from '@mkt/contracts/web';
import { catalogueCalls } from '../api/catalogueCalls';

/**
 * Hot words, topics and categories change rarely and are shown by both the home page and the
 * header's search panel: read them once per language and share the answer.
 */
export interface Lookups {
  hotwords: string[];
  topics: Topic[];
  videoCategories: Category[];
  photoCategories: Category[];
}

const cache = new Map<string, Promise<Lookups>>();

function settle<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch(() => fallback);
}

export function loadLookups(language: string): Promise<Lookups> {
  const cached = cache.get(language);
  if (cached) return cached;
  const loading = Promise.all([
    settle(catalogueCalls.hotwords(), []),
    settle(catalogueCalls.homeIndex().then((index) => index?.topicList ?? []), []),
    settle(catalogueCalls.videoCategories(), []),
    settle(catalogueCalls.photoCategories(), []),
  ]).then(([hotwords, topics, videoCategories, photoCategories]) => {
    const lookups = { hotwords, topics, videoCategories, photoCategories };
    // An all-empty answer usually means the server was unreachable: ask again next time.
    if (!hotwords.length && !topics.length && !videoCategories.length && !photoCategories.length) cache.delete(language);
    return lookups;
  });
  cache.set(language, loading);
  return loading;
}

export function categoryLink(category: Pick<Category, 'id' | 'kind'>): string {
  return category.kind === 'photo'
    ? `/ImgSearchResult?categoryId=${category.id}&type=pic`
    : `/SearchResult?categoryId=${category.id}&type=video`;
}

export function topicLink(topic: Pick<Topic, 'id'>): string {
  return `/Topic?id=${topic.id}`;
}

export function hotwordLink(word: string, type: 'video' | 'pic' = 'video'): string {
  const path = type === 'pic' ? '/ImgSearchResult' : '/SearchResult';
  return `${path}?${new URLSearchParams({ keyword: word, type }).toString()}`;
}
