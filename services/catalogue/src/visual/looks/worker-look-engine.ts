import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Look, LookMatch, LookWeights } from '@mkt/platform/visual';
import { InThreadLookEngine, type LookEngine } from './look-engine.js';
import { lookColumns, type LookPort, type LookReply, type LookRequest } from './look-worker.endpoint.js';

/** The worker thread's entry, beside this file once compiled (absent when running from sources). */
export const LOOK_WORKER_ENTRY = fileURLToPath(new URL('./look-worker.entry.js', import.meta.url));

/** The looks in a worker thread when the compiled entry is there, else in this thread. */
export async function startLookEngine(): Promise<LookEngine> {
  return existsSync(LOOK_WORKER_ENTRY) ? WorkerLookEngine.start() : new InThreadLookEngine();
}

/**
 * The looks in a worker thread of their own (LookWorkerEndpoint on the other side): a scan of every
 * look runs there while this thread goes on answering HTTP. Writes and questions go down one
 * channel, so the worker applies a write before it answers anything asked after it.
 */
export class WorkerLookEngine implements LookEngine {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  failure: Error | null = null;
  size = { looks: 0, bytes: 0 };

  constructor(
    private readonly port: LookPort,
    private readonly stop: () => Promise<void> = async () => undefined,
  ) {
    port.on('message', (message) => this.receive(message as LookReply));
  }

  /** Starts the worker thread; resolves once it answers. */
  static start(): Promise<WorkerLookEngine> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(LOOK_WORKER_ENTRY);
      // The HTTP server keeps the process alive; a worker alone must not.
      worker.unref();
      let engine: WorkerLookEngine | undefined;
      worker.once('message', (message: LookReply) => {
        if (!('op' in message) || message.op !== 'ready') {
          reject(new Error(`look worker sent ${JSON.stringify(message).slice(0, 200)} before it was ready`));
          return;
        }
        engine = new WorkerLookEngine(worker, async () => {
          await worker.terminate();
        });
        resolve(engine);
      });
      worker.on('error', (error) => (engine ? engine.fail(error) : reject(error)));
      worker.on('exit', (code) => {
        const error = new Error(`look worker exited with code ${code}`);
        if (engine) engine.fail(error);
        else reject(error);
      });
    });
  }

  put(looks: readonly { materialId: number; look: Look }[]): void {
    if (this.failure || looks.length === 0) return;
    const columns = lookColumns(looks);
    this.port.postMessage({ op: 'put', looks: columns } satisfies LookRequest, [columns.materialIds.buffer, columns.colourCounts.buffer, columns.colours.buffer, columns.compositions.buffer]);
  }

  remove(materialId: number): void {
    this.send({ op: 'remove', materialId });
  }

  nearest(look: Look, weights: LookWeights, limit: number, exclude?: number): Promise<LookMatch[]> {
    return this.ask({ op: 'nearest', look, weights, limit, exclude: exclude ?? null });
  }

  get(materialId: number): Promise<Look | null> {
    return this.ask({ op: 'get', materialId });
  }

  async close(): Promise<void> {
    await this.stop();
  }

  private send(request: LookRequest): void {
    // After a failure the looks are built again from the database (VisualIndexService), writes included.
    if (!this.failure) this.port.postMessage(request);
  }

  private ask<T>(question: { op: 'nearest'; look: Look; weights: LookWeights; limit: number; exclude: number | null } | { op: 'get'; materialId: number }): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ ...question, id } satisfies LookRequest);
    });
  }

  private receive(reply: LookReply): void {
    if ('id' in reply) {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) {
        this.size = { looks: reply.looks, bytes: reply.bytes };
        waiter?.resolve(reply.value);
      } else {
        waiter?.reject(new Error(reply.error));
      }
      return;
    }
    if (reply.op === 'written') this.size = { looks: reply.looks, bytes: reply.bytes };
    else if (reply.op === 'failed') this.fail(new Error(`look index write failed in its worker: ${reply.error}`));
  }

  /** @internal Stops answering: asked questions fail, writes are dropped. */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
