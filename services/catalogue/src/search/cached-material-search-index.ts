import type { EntityManager } from 'typeorm';
import type { Language, MaterialSearchQuery } from '@mkt/contracts';
import { afterCommit } from '@mkt/platform';
import { ReadThroughCache } from '../store/read-through-cache.js';
import type { MaterialSearchDocument, MaterialSearchIndex, MaterialSearchResult } from './material-search.port.js';

/** Distinct searches kept: a results page is a few hundred bytes of ids and facet counts. */
export const SEARCH_CACHE_ENTRIES = 5_000;

/**
 * Any search adapter with its results kept in memory for a short while. Store traffic repeats
 * itself (home-page links, hot words, paging back and forth), and a broad keyword over a large
 * catalogue costs the engine far more than the ids it returns. Every write through this port
 * forgets all cached results at once, and so does a change of the synonym dictionary (`forgetAll`);
 * writes that reach another replica's engine show here at the latest after the ttl.
 */
export class CachedMaterialSearchIndex implements MaterialSearchIndex {
  private readonly results: ReadThroughCache<MaterialSearchResult>;

  constructor(
    readonly inner: MaterialSearchIndex,
    ttlMs: number,
    maxEntries = SEARCH_CACHE_ENTRIES,
  ) {
    this.results = new ReadThroughCache<MaterialSearchResult>(ttlMs, maxEntries);
  }

  get placement(): MaterialSearchIndex['placement'] {
    return this.inner.placement;
  }

  search(query: MaterialSearchQuery, language: Language): Promise<MaterialSearchResult> {
    return this.results.get(searchCacheKey(query, language), () => this.inner.search(query, language));
  }

  async similar(id: number, count: number, candidates: number): Promise<number[] | null> {
    return (await this.inner.similar?.(id, count, candidates)) ?? null;
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }

  /** Nest's shutdown hook: the provider's instance is this wrapper. */
  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  async upsert(documents: MaterialSearchDocument[], manager?: EntityManager): Promise<void> {
    try {
      await this.inner.upsert(documents, manager);
    } finally {
      this.forget(manager);
    }
  }

  async remove(ids: number[], manager?: EntityManager): Promise<void> {
    try {
      await this.inner.remove(ids, manager);
    } finally {
      this.forget(manager);
    }
  }

  /** Forgets every cached result: something besides the materials changed what searches find (the synonym dictionary). */
  forgetAll(): void {
    this.results.clear();
  }

  /** Now, and again when the change commits: a search in between would cache what it replaces. */
  private forget(manager: EntityManager | undefined): void {
    this.results.clear();
    if (manager) afterCommit(manager, () => this.results.clear());
  }
}

/** The same search in the same language gives the same key, whatever order its fields came in. */
export function searchCacheKey(query: MaterialSearchQuery, language: Language): string {
  return JSON.stringify([language, canonical(query)]);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
