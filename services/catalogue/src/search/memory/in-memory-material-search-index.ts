import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Language, MaterialSearchQuery } from '@mkt/contracts';
import { afterCommit } from '@mkt/platform';
import { exactLookupOf } from '../../materials/material-code.js';
import { normalizeQuery } from '../../text/text-helpers.js';
import type { MaterialSearchDocument, MaterialSearchIndex, MaterialSearchResult } from '../material-search.port.js';
import { correctedDisplay, lookupAnswer } from '../keyword-search.js';
import { NO_SYNONYMS, type SynonymSource } from '../synonym-dictionary.js';
import { DEFAULT_LIMITS, type CatalogueIndexLimits } from './catalogue-index.js';
import type { IndexEngine } from './index-engine.js';
import type { IndexBuilder } from './index-builders.js';

/** A rebuild starts once this many replaced documents are held, and they outnumber half the live ones. */
const REBUILD_GARBAGE_MIN = 100_000;

/**
 * The search port answered from a CatalogueIndex in this process's memory, built from the
 * materials table at start and kept current by the writes that pass through the port: each
 * change is applied when its transaction commits, so the next search sees it. The durable
 * adapter beside it (PostgreSQL's search columns) receives every write too, inside the
 * transaction, so the table stays complete whichever engine is configured later.
 * Only the process that writes sees its writes: run one catalogue process per catalogue with it,
 * or OpenSearch when the catalogue runs as several replicas (ADR 0020).
 */
export class InMemoryMaterialSearchIndex implements MaterialSearchIndex {
  readonly placement = 'database';
  private readonly logger = new Logger('InMemorySearch');
  private current: IndexEngine | null = null;
  /** Writes committed while a build reads the table, replayed on the new index before it serves. */
  private pending: ((index: IndexEngine) => void)[] | null = null;
  private building: Promise<void> | null = null;

  constructor(
    private readonly builder: IndexBuilder,
    private readonly durable: MaterialSearchIndex | null,
    private readonly synonyms: SynonymSource = NO_SYNONYMS,
    private readonly limits: CatalogueIndexLimits = DEFAULT_LIMITS,
  ) {}

  /** Whether an index is serving (searches before the first build go to the durable adapter). */
  get ready(): boolean {
    return this.current !== null;
  }

  /** Reads the whole published catalogue into a new index and swaps it in; concurrent calls share one build. */
  build(): Promise<void> {
    this.building ??= this.buildOnce().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async buildOnce(): Promise<void> {
    const started = performance.now();
    this.pending = [];
    try {
      const index = await this.builder();
      for (const write of this.pending) write(index);
      index.onFailure((error) => this.failed(index, error));
      const previous = this.current;
      this.current = index;
      // Questions already sent to the previous index are answered before it goes.
      previous?.close().catch((error: unknown) => this.logger.warn({ err: error }, 'previous search index did not close cleanly'));
      // The query segmenter loads its dictionary on first use (a fifth of a second): not on a visitor's search.
      normalizeQuery('上海外滩 warm');
      const memory = process.memoryUsage();
      const mb = (bytes: number) => Math.round(bytes / 1_048_576);
      this.logger.log(
        { materials: index.size, thread: index.thread, ms: Math.round(performance.now() - started), heapMB: mb(memory.heapUsed), arrayBuffersMB: mb(memory.arrayBuffers), rssMB: mb(memory.rss) },
        'search index built',
      );
    } finally {
      this.pending = null;
    }
  }

  async upsert(documents: MaterialSearchDocument[], manager?: EntityManager): Promise<void> {
    if (documents.length === 0) return;
    if (this.durable) await this.durable.upsert(documents, manager);
    this.whenCommitted(manager, (index) => index.upsert(documents));
  }

  async remove(ids: number[], manager?: EntityManager): Promise<void> {
    if (ids.length === 0) return;
    if (this.durable) await this.durable.remove(ids, manager);
    this.whenCommitted(manager, (index) => index.remove(ids));
  }

  private whenCommitted(manager: EntityManager | undefined, write: (index: IndexEngine) => void): void {
    const apply = (): void => {
      if (this.pending) this.pending.push(write);
      if (!this.current) return;
      try {
        write(this.current);
        this.compactWhenWasteful(this.current);
      } catch (error) {
        // The write is committed in PostgreSQL; an index that could not take it is read again from there.
        this.logger.error({ err: error }, 'search index write failed; rebuilding the index from the database');
        this.build().catch((rebuild: unknown) => this.logger.error({ err: rebuild }, 'search index rebuild failed; the current one keeps serving'));
      }
    };
    if (manager) afterCommit(manager, apply);
    else apply();
  }

  private compactWhenWasteful(index: IndexEngine): void {
    if (this.building || index.garbage < REBUILD_GARBAGE_MIN || index.garbage < index.size / 2) return;
    this.build().catch((error: unknown) => this.logger.error({ err: error }, 'search index rebuild failed; the current one keeps serving'));
  }

  /**
   * An index that can no longer answer (its worker died, or a write it could not take left it
   * half changed) stops serving: searches go to the durable adapter until a new one is built.
   */
  private failed(index: IndexEngine, error: Error): void {
    if (this.current !== index) return;
    this.current = null;
    this.logger.error({ err: error }, 'search index failed; answering from the database while it is rebuilt');
    this.build().catch((rebuild: unknown) => this.logger.error({ err: rebuild }, 'search index rebuild failed'));
  }

  async similar(id: number, count: number, candidates: number): Promise<number[] | null> {
    const index = this.current;
    if (!index) return null;
    try {
      return await index.similar(id, count, candidates);
    } catch (error) {
      // The index failed while it was asked: the caller ranks in the database instead.
      if (this.current !== index) return null;
      throw error;
    }
  }

  /** Lets the index go (its worker thread, if it has one) once it has answered what it was asked. */
  async close(): Promise<void> {
    const index = this.current;
    this.current = null;
    await index?.close();
  }

  async search(query: MaterialSearchQuery, language: Language): Promise<MaterialSearchResult> {
    const index = this.current;
    if (!index) {
      if (this.durable) return this.durable.search(query, language);
      throw new Error('the search index is still being built');
    }
    try {
      return await this.searchIn(index, query, language);
    } catch (error) {
      // The index failed while it was asked (a worker that died): the database answers instead.
      if (this.current !== index && this.durable) return this.durable.search(query, language);
      throw error;
    }
  }

  private async searchIn(index: IndexEngine, query: MaterialSearchQuery, language: Language): Promise<MaterialSearchResult> {
    const keyword = query.keyword ?? '';
    const lookup = exactLookupOf(keyword);
    if (lookup) {
      const id = await index.lookup(lookup);
      const answer = lookupAnswer(lookup, id !== null && query.pageNo === 1 ? [id] : [], id === null ? 0 : 1, keyword);
      if (answer) return answer;
    }
    const normalized = normalizeQuery(keyword);
    // Synonyms and typo correction are applied where the index is (one trip to its thread).
    const answer = await index.search(query, language, normalized, await this.synonyms.dictionary());
    const capped = answer.counted > this.limits.totalCap;
    return {
      ids: answer.ids,
      total: Math.min(answer.counted, this.limits.totalCap),
      ...(capped ? { totalCapped: true } : {}),
      facets: answer.facets,
      normalizedKeyword: normalized.display,
      ...(answer.corrected ? { correctedKeyword: correctedDisplay(normalized, answer.corrected) } : {}),
    };
  }
}
