import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import type { CategoryEntity } from '../entities/curation.entities.js';
import type { MaterialEntity } from '../entities/material.entity.js';
import type { CardRow } from './material-cards.js';
import { ReadThroughCache } from './read-through-cache.js';

/** Cards kept (anonymous part only: the caller's bookmarks are read per request). */
export const CARD_CACHE_ENTRIES = 50_000;
export const DETAIL_CACHE_ENTRIES = 5_000;

/** What a detail page shares between visitors: the material, its category and its similar ids. */
export interface DetailCore {
  material: MaterialEntity;
  category: CategoryEntity | null;
  similarIds: number[];
  /** The card rows of the material and its similar ones, when they were read with the material. */
  cardRows?: CardRow[];
}

/**
 * The catalogue's hot reads kept in memory for READ_CACHE_SECONDS: card rows by material id
 * (without the caller's bookmark, which is read per request) and the shared part of detail pages.
 * MaterialWriter forgets the materials it writes, so this process serves a change at once;
 * another replica serves it at the latest after the ttl.
 */
@Injectable()
export class MaterialReadCache {
  private readonly ttlMs: number;
  private readonly cards = new Map<number, { expires: number; row: CardRow | null }>();
  private readonly details: ReadThroughCache<DetailCore>;
  private generation = 0;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'readCacheSeconds'>) {
    this.ttlMs = config.readCacheSeconds * 1000;
    this.details = new ReadThroughCache<DetailCore>(this.ttlMs, DETAIL_CACHE_ENTRIES);
  }

  /**
   * Card rows of `ids` (published ones only; order not kept), loading those not held in one call.
   * A material loaded as missing (unpublished, unknown) is remembered as missing too.
   */
  async cardRows(ids: number[], load: (missing: number[]) => Promise<CardRow[]>): Promise<CardRow[]> {
    if (this.ttlMs <= 0) return load(ids);
    const now = Date.now();
    const found: CardRow[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const entry = this.cards.get(id);
      if (entry && entry.expires > now) {
        if (entry.row) found.push(entry.row);
      } else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const loaded = await load(missing);
    // A write that happened while loading may have changed these rows: then they are not kept.
    if (generation === this.generation) {
      const byId = new Map(loaded.map((row) => [Number(row.id), row]));
      for (const id of missing) this.cards.set(id, { expires: now + this.ttlMs, row: byId.get(id) ?? null });
      for (const key of this.cards.keys()) {
        if (this.cards.size <= CARD_CACHE_ENTRIES) break;
        this.cards.delete(key);
      }
    }
    return [...found, ...loaded];
  }

  detail(id: number, load: () => Promise<DetailCore>): Promise<DetailCore> {
    return this.details.get(String(id), load);
  }

  /** Forgets what is kept about these materials (and every detail page, whose similar lists may name them). */
  invalidate(ids: number[]): void {
    this.generation += 1;
    for (const id of ids) this.cards.delete(id);
    this.details.clear();
  }

  clear(): void {
    this.generation += 1;
    this.cards.clear();
    this.details.clear();
  }
}
