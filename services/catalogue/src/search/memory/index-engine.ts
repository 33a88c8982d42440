import type { Language, MaterialSearchQuery } from '@mkt/contracts';
import type { ExactLookup } from '../../materials/material-code.js';
import type { MaterialSearchDocument, SimilarTo } from '../material-search.port.js';
import type { QueryWord } from '../synonym-dictionary.js';
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
  /** The page, and when nothing matched, `typoWords` corrected (null when none changed): one trip for both. */
  search(query: MaterialSearchQuery, language: Language, words: QueryWord[], text: string, typoWords: string[]): Promise<EngineAnswer>;
  similar(material: SimilarTo, count: number, perSource: number): Promise<number[]>;
  /** A write the index cannot take throws here (this thread) or is reported to `onFailure` (worker). */
  upsert(documents: MaterialSearchDocument[]): void;
  remove(ids: number[]): void;
  /** Called once if the index stops being able to answer (a failed write, a worker that died). */
  onFailure(listener: (error: Error) => void): void;
  /** Answers what was asked already, then lets the index go. */
  close(): Promise<void>;
}

/** A search's answer, with the corrections withTypoCorrection asks for when it found nothing. */
export interface EngineAnswer extends IndexAnswer {
  corrected: string[] | null;
}

/** What both engines answer to a search, wherever the index is. */
export function answerOf(index: CatalogueIndex, query: MaterialSearchQuery, language: Language, words: QueryWord[], text: string, typoWords: string[]): EngineAnswer {
  const answer = index.search(query, language, words, text);
  return { ...answer, corrected: answer.counted === 0 && typoWords.length > 0 ? index.correctTypos(typoWords) : null };
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

  async search(query: MaterialSearchQuery, language: Language, words: QueryWord[], text: string, typoWords: string[]): Promise<EngineAnswer> {
    return answerOf(this.index, query, language, words, text, typoWords);
  }

  async similar(material: SimilarTo, count: number, perSource: number): Promise<number[]> {
    return this.index.similar(material, count, perSource);
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
