import { LookIndex, type Look, type LookMatch, type LookWeights } from '@mkt/platform/visual';

/**
 * Where the catalogue's looks are kept and scanned for "looks alike". A scan compares every look
 * (about 200 ms of one core at a million), so the serving process keeps them in a worker thread
 * (WorkerLookEngine) and its event loop stays free for every other request meanwhile; from
 * sources, as the unit tests run, they stay in this thread (InThreadLookEngine). Writes are applied
 * in the order they are made, before anything asked after them is answered.
 */
export interface LookEngine {
  put(looks: readonly { materialId: number; look: Look }[]): void;
  remove(materialId: number): void;
  /** The `limit` nearest looks, nearest first, then by id; `exclude`: a material left out (the one asked about). */
  nearest(look: Look, weights: LookWeights, limit: number, exclude?: number): Promise<LookMatch[]>;
  get(materialId: number): Promise<Look | null>;
  /** Looks held and the bytes of their typed arrays, as of the last answer. */
  readonly size: { looks: number; bytes: number };
  /** Why the engine stopped answering (its worker thread failed), or null. */
  readonly failure: Error | null;
  close(): Promise<void>;
}

export class InThreadLookEngine implements LookEngine {
  readonly failure = null;

  constructor(private readonly index = new LookIndex()) {}

  put(looks: readonly { materialId: number; look: Look }[]): void {
    for (const { materialId, look } of looks) this.index.put(materialId, look);
  }

  remove(materialId: number): void {
    this.index.remove(materialId);
  }

  async nearest(look: Look, weights: LookWeights, limit: number, exclude?: number): Promise<LookMatch[]> {
    return this.index.nearest(look, weights, limit, exclude === undefined ? undefined : (id) => id !== exclude);
  }

  async get(materialId: number): Promise<Look | null> {
    return this.index.get(materialId);
  }

  get size(): { looks: number; bytes: number } {
    return { looks: this.index.size, bytes: this.index.memoryBytes() };
  }

  async close(): Promise<void> {}
}
