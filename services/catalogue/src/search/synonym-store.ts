import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SynonymDictionary, type SynonymSource } from './synonym-dictionary.js';

/** How long a replica searches with the dictionary it read before reading it again (edits made elsewhere show after at most this). */
export const SYNONYM_TTL_MS = 30_000;

/** Reads the synonym groups: the catalogue's table in the service, a fixed list in unit tests. */
export type SynonymLoader = () => Promise<string[][]>;

/**
 * The synonym dictionary held in memory (a few hundred groups at most): read on the first search,
 * read again after the ttl, and at once after a console edit in this process (`changed`).
 * Listeners (the search result cache) hear when the dictionary they searched with is replaced,
 * whether by an edit here or by a newer table read after an edit on another replica.
 */
export class SynonymCache implements SynonymSource {
  private readonly logger = new Logger('SearchSynonyms');
  private current: { at: number; dictionary: SynonymDictionary } | null = null;
  private loading: Promise<SynonymDictionary> | null = null;
  /** Bumped by `changed`, so a read that started before an edit is not kept as current. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly load: SynonymLoader,
    private readonly ttlMs = SYNONYM_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  dictionary(): Promise<SynonymDictionary> {
    if (this.current && this.now() - this.current.at < this.ttlMs) return Promise.resolve(this.current.dictionary);
    this.loading ??= this.reload();
    return this.loading;
  }

  /** Forget the dictionary now (after a console edit has committed), and tell the listeners. */
  changed(): void {
    this.generation += 1;
    this.current = null;
    this.loading = null;
    this.notify();
  }

  /** Called whenever searches may find something else than before; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async reload(): Promise<SynonymDictionary> {
    const generation = this.generation;
    const previous = this.current?.dictionary ?? null;
    try {
      const dictionary = new SynonymDictionary(await this.load());
      if (generation === this.generation) {
        this.current = { at: this.now(), dictionary };
        this.loading = null;
        if (previous && previous.fingerprint !== dictionary.fingerprint) this.notify();
      }
      return dictionary;
    } catch (error) {
      if (generation === this.generation) this.loading = null;
      // A failed refresh keeps the dictionary in use; with none yet, the search fails as any read would.
      if (!previous) throw error;
      this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'synonym dictionary not refreshed, the previous one stays in use');
      return previous;
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The catalogue's dictionary, read from catalogue.search_synonyms. */
@Injectable()
export class SearchSynonymStore extends SynonymCache {
  constructor(@InjectDataSource('catalogue') dataSource: DataSource) {
    super(async () => {
      const rows = (await dataSource.query(`SELECT terms FROM "catalogue"."search_synonyms" ORDER BY id`)) as { terms: string[] }[];
      return rows.map((row) => row.terms);
    });
  }
}
