import type { LookIndex, Look, LookMatch, LookWeights } from '@mkt/platform/visual';

/** A MessagePort or a Worker: what both sides of the look worker talk through. */
export interface LookPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

export type LookRequest =
  | { op: 'put'; looks: { materialId: number; look: Look }[] }
  | { op: 'remove'; materialId: number }
  | { op: 'nearest'; id: number; look: Look; weights: LookWeights; limit: number; exclude: number | null }
  | { op: 'get'; id: number; materialId: number };

export type LookReply =
  | { op: 'ready' }
  | { op: 'written'; looks: number; bytes: number }
  | { op: 'failed'; error: string }
  | { id: number; ok: true; value: LookMatch[] | Look | null; looks: number; bytes: number }
  | { id: number; ok: false; error: string };

/** The looks' side of a WorkerLookEngine: applies and answers each message in the order it arrived. */
export class LookWorkerEndpoint {
  constructor(
    private readonly index: LookIndex,
    private readonly port: LookPort,
  ) {
    port.on('message', (message) => this.receive(message as LookRequest));
  }

  private receive(request: LookRequest): void {
    if (request.op === 'put' || request.op === 'remove') {
      try {
        if (request.op === 'put') for (const { materialId, look } of request.looks) this.index.put(materialId, look);
        else this.index.remove(request.materialId);
        this.port.postMessage({ op: 'written', ...this.size() } satisfies LookReply);
      } catch (error) {
        this.port.postMessage({ op: 'failed', error: String(error) } satisfies LookReply);
      }
      return;
    }
    try {
      const value =
        request.op === 'nearest'
          ? this.index.nearest(request.look, request.weights, request.limit, request.exclude === null ? undefined : (id) => id !== request.exclude)
          : this.index.get(request.materialId);
      this.port.postMessage({ id: request.id, ok: true, value, ...this.size() } satisfies LookReply);
    } catch (error) {
      this.port.postMessage({ id: request.id, ok: false, error: String(error) } satisfies LookReply);
    }
  }

  private size(): { looks: number; bytes: number } {
    return { looks: this.index.size, bytes: this.index.memoryBytes() };
  }
}
