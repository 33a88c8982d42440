import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Language, MaterialSearchQuery } from '@mkt/contracts';
import type { ExactLookup } from '../../materials/material-code.js';
import type { NormalizedQuery } from '../../text/text-helpers.js';
import type { MaterialSearchDocument } from '../material-search.port.js';
import type { SynonymDictionary } from '../synonym-dictionary.js';
import type { CatalogueIndexLimits, IndexAnswer } from './catalogue-index.js';
import type { IndexEngine } from './index-engine.js';
import type { IndexPort, IndexReply, IndexRequest, IndexWorkerData, IndexWorkerSource } from './index-worker.endpoint.js';

/** The worker thread's entry, beside this file once compiled (absent when running from sources). */
export const INDEX_WORKER_ENTRY = fileURLToPath(new URL('./index-worker.entry.js', import.meta.url));

type Question = IndexRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The index in a worker thread of its own (IndexWorkerEndpoint on the other side): a search's
 * bitmap work runs on the second core while this thread parses, validates and answers HTTP, and
 * the index's memory lives outside this thread's heap. Questions and writes go down one channel,
 * so the worker applies a write before it answers anything asked after it.
 */
export class WorkerIndexEngine implements IndexEngine {
  readonly thread = 'worker thread';
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly failureListeners: ((error: Error) => void)[] = [];
  private failure: Error | null = null;
  private closing = false;
  private whenIdle: (() => void) | null = null;
  /** The synonym dictionary the worker searches with (or one with the same groups). */
  private sentDictionary: SynonymDictionary | null = null;
  size: number;
  garbage: number;

  constructor(
    private readonly port: IndexPort,
    ready: { size: number; garbage: number },
    private readonly stop: () => Promise<void> = async () => undefined,
  ) {
    this.size = ready.size;
    this.garbage = ready.garbage;
    port.on('message', (message) => this.receive(message as IndexReply));
  }

  /** Starts a worker thread that builds or loads its index from `source`; resolves once it answers. */
  static start(source: IndexWorkerSource, limits: CatalogueIndexLimits): Promise<WorkerIndexEngine> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(INDEX_WORKER_ENTRY, { workerData: { source, limits } satisfies IndexWorkerData });
      // The HTTP server keeps the process alive; a worker alone must not.
      worker.unref();
      let engine: WorkerIndexEngine | undefined;
      worker.once('message', (message: IndexReply) => {
        if (!('op' in message) || message.op !== 'ready') {
          reject(new Error(`search index worker sent ${JSON.stringify(message).slice(0, 200)} before it was ready`));
          return;
        }
        engine = new WorkerIndexEngine(worker, message, async () => {
          await worker.terminate();
        });
        resolve(engine);
      });
      worker.on('error', (error) => (engine ? engine.fail(error) : reject(error)));
      worker.on('exit', (code) => {
        const error = new Error(`search index worker exited with code ${code}`);
        if (engine) engine.fail(error);
        else reject(error);
      });
    });
  }

  lookup(lookup: Exclude<ExactLookup, null>): Promise<number | null> {
    return this.ask({ op: 'lookup', lookup });
  }

  search(query: MaterialSearchQuery, language: Language, normalized: NormalizedQuery, dictionary: SynonymDictionary): Promise<IndexAnswer> {
    if (dictionary !== this.sentDictionary && !this.failure) {
      // The synonym cache reads the dictionary again every half minute: only a changed one is sent.
      if (dictionary.fingerprint !== this.sentDictionary?.fingerprint) {
        this.port.postMessage({ op: 'dictionary', groups: dictionary.segmentedGroups } satisfies IndexRequest);
      }
      this.sentDictionary = dictionary;
    }
    return this.ask({ op: 'search', query, language, normalized });
  }

  similar(id: number, count: number, perSource: number): Promise<number[] | null> {
    return this.ask({ op: 'similar', materialId: id, count, perSource });
  }

  upsert(documents: MaterialSearchDocument[]): void {
    if (this.failure) throw this.failure;
    this.port.postMessage({ op: 'upsert', documents } satisfies IndexRequest);
  }

  remove(ids: number[]): void {
    if (this.failure) throw this.failure;
    this.port.postMessage({ op: 'remove', ids } satisfies IndexRequest);
  }

  onFailure(listener: (error: Error) => void): void {
    this.failureListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.waiting.size > 0) await new Promise<void>((resolve) => (this.whenIdle = resolve));
    await this.stop();
  }

  private ask<T>(question: Question): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ ...question, id });
    });
  }

  private receive(reply: IndexReply): void {
    if ('id' in reply) {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) {
        this.size = reply.size;
        this.garbage = reply.garbage;
        waiter?.resolve(reply.value);
      } else {
        waiter?.reject(new Error(reply.error));
      }
      if (this.waiting.size === 0) this.whenIdle?.();
      return;
    }
    if (reply.op === 'written') {
      this.size = reply.size;
      this.garbage = reply.garbage;
    } else if (reply.op === 'failed') {
      this.fail(new Error(`search index write failed in its worker: ${reply.error}`));
    }
  }

  /** The index can answer no more: everything waiting fails, and so does everything asked later. */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
    this.whenIdle?.();
    // A worker stopped on purpose (close) is no failure to report.
    if (!this.closing) for (const listener of this.failureListeners) listener(error);
  }
}
