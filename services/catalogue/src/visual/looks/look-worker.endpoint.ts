import type { LookIndex, Look, LookMatch, LookWeights } from '@mkt/platform/visual';

/** A MessagePort or a Worker: what both sides of the look worker talk through. */
export interface LookPort {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * Looks column by column, at most five colours and 32 composition bytes each, as LookIndex keeps
 * them: sent to the worker with its buffers transferred. A batch of look objects copied across
 * left a million dead objects in the worker's heap after a build (230 MB of idle memory at a
 * million looks); these are four buffers a batch, and each look is made and dropped in turn.
 */
export interface LookColumns {
  materialIds: Float64Array<ArrayBuffer>;
  colourCounts: Uint8Array<ArrayBuffer>;
  /** Per look, five colours of L, a, b and share. */
  colours: Float64Array<ArrayBuffer>;
  compositions: Uint8Array<ArrayBuffer>;
}

const COLOURS = 5;
const COMPOSITION = 32;

export function lookColumns(looks: readonly { materialId: number; look: Look }[]): LookColumns {
  const columns: LookColumns = {
    materialIds: new Float64Array(looks.length),
    colourCounts: new Uint8Array(looks.length),
    colours: new Float64Array(looks.length * COLOURS * 4),
    compositions: new Uint8Array(looks.length * COMPOSITION),
  };
  looks.forEach(({ materialId, look }, i) => {
    columns.materialIds[i] = materialId;
    const colours = look.colours.slice(0, COLOURS);
    columns.colourCounts[i] = colours.length;
    colours.forEach((colour, c) => columns.colours.set([colour.lab[0], colour.lab[1], colour.lab[2], colour.share], (i * COLOURS + c) * 4));
    columns.compositions.set(look.composition.subarray(0, COMPOSITION), i * COMPOSITION);
  });
  return columns;
}

/** Each look of the columns, in order. */
export function* looksOf(columns: LookColumns): Generator<{ materialId: number; look: Look }> {
  for (let i = 0; i < columns.materialIds.length; i++) {
    const colours = Array.from({ length: columns.colourCounts[i]! }, (_, c) => {
      const at = (i * COLOURS + c) * 4;
      return { lab: [columns.colours[at]!, columns.colours[at + 1]!, columns.colours[at + 2]!] as [number, number, number], share: columns.colours[at + 3]! };
    });
    yield { materialId: columns.materialIds[i]!, look: { colours, composition: columns.compositions.subarray(i * COMPOSITION, (i + 1) * COMPOSITION) } };
  }
}

export type LookRequest =
  | { op: 'put'; looks: LookColumns }
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
        if (request.op === 'put') for (const { materialId, look } of looksOf(request.looks)) this.index.put(materialId, look);
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
