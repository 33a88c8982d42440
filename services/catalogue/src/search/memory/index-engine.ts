import type { Language, MaterialSearchQuery } from '@mkt/contracts';
import type { ExactLookup } from '../../materials/material-code.js';
import type { NormalizedQuery } from '../../text/text-helpers.js';
import { typoCorrectionApplies } from '../keyword-search.js';
import type { MaterialSearchDocument } from '../material-search.port.js';
import type { SynonymDictionary } from '../synonym-dictionary.js';
import type { CatalogueIndex, IndexAnswer } from './catalogue-index.js';

/**
 * A built CatalogueIndex as InMemoryMaterialSearchIndex uses it: in this thread
 * (LocalIndexEngine) or in a worker thread of its own (WorkerIndexEngine), where its searches
 * run beside the HTTP work instead of between it. Writes are applied in the order they are given
 * and before any later question is answered, wherever the index lives.
 */
export interface IndexEngine {
  /** Where the index is held, for the logs. */
  readonly thread: 'serving thread' | 'worker thread';
  /** Live documents, as of the last answer or write. */
  readonly size: number;
  /** Replaced or removed documents still taking room, as of the last answer or write. */
  readonly garbage: number;
  lookup(lookup: Exclude<ExactLookup, null>): Promise<number | null>;
  /**
   * The page for the query's words expanded with `dictionary`; when they find nothing, for its
   * typos corrected (withTypoCorrection's rule), in the same call: one trip to the index's thread.
   */
  search(query: MaterialSearchQuery, language: Language, normalized: NormalizedQuery, dictionary: SynonymDictionary): Promise<IndexAnswer>;
  /** Null when `id` is not a live document. */
  similar(id: number, count: number, perSource: number): Promise<number[] | null>;
  /** A write the index cannot take throws here (this thread) or is reported to `onFailure` (worker). */
  upsert(documents: MaterialSearchDocument[]): void;
  remove(ids: number[]): void;
  /** Called once if the index stops being able to answer (a failed write, a worker that died). */
  onFailure(listener: (error: Error) => void): void;
  /** Answers what was asked already, then lets the index go. */
  close(): Promise<void>;
}

/** What both engines answer to a search, wherever the index is. */
export function answerOf(index: CatalogueIndex, query: MaterialSearchQuery, language: Language, normalized: NormalizedQuery, dictionary: SynonymDictionary): IndexAnswer {
  const searchFor = (words: NormalizedQuery) => index.search(query, language, words.han.length + words.other.length > 0 ? dictionary.expand(words) : [], words.text);
  const exact = searchFor(normalized);
  if (query.asTyped || !typoCorrectionApplies(normalized, exact.counted)) return exact;
  const corrected = index.correctTypos(normalized.other);
  return corrected ? { ...searchFor({ ...normalized, other: corrected }), corrected } : exact;
}

/** The index in this thread: every answer is computed before the call returns. */
export class LocalIndexEngine implements IndexEngine {
  readonly thread = 'serving thread';
  constructor(readonly index: CatalogueIndex) {}

  get size(): number {
    return this.index.size;
  }

  get garbage(): number {
    return this.index.garbage;
  }

  async lookup(lookup: Exclude<ExactLookup, null>): Promise<number | null> {
    return this.index.lookup(lookup);
  }

  async search(query: MaterialSearchQuery, language: Language, normalized: NormalizedQuery, dictionary: SynonymDictionary): Promise<IndexAnswer> {
    return answerOf(this.index, query, language, normalized, dictionary);
  }

  async similar(id: number, count: number, perSource: number): Promise<number[] | null> {
    return this.index.similar(id, count, perSource);
  }

  upsert(documents: MaterialSearchDocument[]): void {
    for (const doc of documents) this.index.upsert(doc);
  }

  remove(ids: number[]): void {
    for (const id of ids) this.index.remove(id);
  }

  onFailure(): void {
    // Failures are thrown to the caller of the write.
  }

  async close(): Promise<void> {}
}
