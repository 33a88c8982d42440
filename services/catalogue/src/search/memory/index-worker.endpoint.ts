import type { Language, MaterialSearchQuery } from '@mkt/contracts';
import type { ExactLookup } from '../../materials/material-code.js';
import type { NormalizedQuery } from '../../text/text-helpers.js';
import type { MaterialSearchDocument } from '../material-search.port.js';
import { SynonymDictionary } from '../synonym-dictionary.js';
import type { CatalogueIndex, CatalogueIndexLimits } from './catalogue-index.js';
import { answerOf } from './index-engine.js';

/** Where a worker's index comes from: a snapshot file a builder process wrote, or the database itself. */
export type IndexWorkerSource = { snapshot: string } | { databaseUrl: string; expected: number };

export interface IndexWorkerData {
  source: IndexWorkerSource;
  limits: CatalogueIndexLimits;
}

/**
 * What the serving thread sends the index's thread; questions carry an id their answer repeats.
 * A search uses the synonym groups last sent (`dictionary`, as segmented terms, sent before the
 * first search that needs them: messages are handled in arrival order).
 */
export type IndexRequest =
  | { id: number; op: 'lookup'; lookup: Exclude<ExactLookup, null> }
  | { id: number; op: 'search'; query: MaterialSearchQuery; language: Language; normalized: NormalizedQuery }
  | { op: 'dictionary'; groups: readonly (readonly string[])[] }
  | { id: number; op: 'similar'; materialId: number; count: number; perSource: number }
  | { op: 'upsert'; documents: MaterialSearchDocument[] }
  | { op: 'remove'; ids: number[] };

/** What the index's thread sends back: that it is built, answers, the index's size after writes, a write it could not take. */
export type IndexReply =
  | { op: 'ready'; size: number; garbage: number }
  | { id: number; ok: true; value: unknown; size: number; garbage: number }
  | { id: number; ok: false; error: string }
  | { op: 'written'; size: number; garbage: number }
  | { op: 'failed'; error: string };

/** The two ends of a worker's channel (a MessagePort, or a Worker's parentPort) as used here. */
export interface IndexPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * The index's side of a WorkerIndexEngine: answers each message in the order it arrived, so a
 * write is applied before any question sent after it. Once a write fails the index may be half
 * changed: it says so and answers nothing more (the serving side rebuilds).
 */
export class IndexWorkerEndpoint {
  private broken: string | null = null;
  private dictionary = SynonymDictionary.EMPTY;

  constructor(
    private readonly index: CatalogueIndex,
    private readonly port: IndexPort,
  ) {
    port.on('message', (message) => this.receive(message as IndexRequest));
  }

  private receive(request: IndexRequest): void {
    if (request.op === 'dictionary') {
      this.dictionary = SynonymDictionary.ofSegmented(request.groups);
      return;
    }
    if (request.op === 'upsert' || request.op === 'remove') {
      if (this.broken) return;
      try {
        if (request.op === 'upsert') for (const doc of request.documents) this.index.upsert(doc);
        else for (const id of request.ids) this.index.remove(id);
        this.port.postMessage({ op: 'written', size: this.index.size, garbage: this.index.garbage } satisfies IndexReply);
      } catch (error) {
        this.broken = messageOf(error);
        this.port.postMessage({ op: 'failed', error: this.broken } satisfies IndexReply);
      }
      return;
    }
    if (this.broken) {
      this.port.postMessage({ id: request.id, ok: false, error: this.broken } satisfies IndexReply);
      return;
    }
    try {
      this.port.postMessage({ id: request.id, ok: true, value: this.answer(request), size: this.index.size, garbage: this.index.garbage } satisfies IndexReply);
    } catch (error) {
      this.port.postMessage({ id: request.id, ok: false, error: messageOf(error) } satisfies IndexReply);
    }
  }

  private answer(request: Extract<IndexRequest, { id: number }>): unknown {
    switch (request.op) {
      case 'lookup':
        return this.index.lookup(request.lookup);
      case 'search':
        return answerOf(this.index, request.query, request.language, request.normalized, this.dictionary);
      case 'similar':
        return this.index.similar(request.materialId, request.count, request.perSource);
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
