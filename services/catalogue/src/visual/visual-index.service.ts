import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Metrics } from '@mkt/platform';
import { Interval } from '@nestjs/schedule';
import { FRAME_INDEX_ENGINE, type FrameIndex, type FrameIndexEngine, type FrameMatch, type Look, type LookMatch, type LookWeights } from '@mkt/platform/visual';
import type { LookEngine } from './looks/look-engine.js';
import { startLookEngine } from './looks/worker-look-engine.js';
import type { StoredFrame } from './material-visuals.repository.js';
import { MaterialVisualsRepository } from './material-visuals.repository.js';

/** How often a replica picks up the frames other replicas' indexing jobs stored. */
const REFRESH_MS = 30_000;
const CLOCK_OVERLAP_MS = 5_000;

/**
 * The visual index of the published catalogue: every stored frame hash (a FrameIndex, in this
 * process's memory by default, about 30 bytes a frame) and every material's look (a LookIndex of
 * 87 bytes a look, in a worker thread: LookEngine), built from catalogue.material_frames and material_looks at start and
 * kept current by this replica's indexing job (put) and by reading what other replicas stored
 * (every 30 s). Unpublished materials keep their frames here: answers are checked against what is
 * published now before they are shown.
 */
@Injectable()
export class VisualIndexService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('VisualIndex');
  private index: FrameIndex | null = null;
  private looks: LookEngine | null = null;
  private loading: Promise<void> | null = null;
  private refreshedAt: Date | null = null;

  private buildSeconds: number | null = null;

  constructor(
    private readonly visuals: MaterialVisualsRepository,
    @Inject(FRAME_INDEX_ENGINE) private readonly engine: FrameIndexEngine,
    @Optional() metrics?: Metrics,
  ) {
    // Read on scrape: what the index holds and costs in this replica, and how long it took to build.
    metrics?.gauge('visual_index_frames', 'Frames in the visual index of this replica', [], { collect: (gauge) => gauge.set({}, this.size.frames) });
    metrics?.gauge('visual_index_bytes', 'Bytes of typed arrays held by the visual index (frames and looks) in this replica', [], {
      collect: (gauge) => gauge.set({}, this.size.bytes),
    });
    metrics?.gauge('visual_index_ready', 'Whether the visual index of this replica is built (1) or still building (0)', [], { collect: (gauge) => gauge.set({}, this.buildSeconds === null ? 0 : 1) });
    metrics?.gauge('visual_index_build_seconds', 'Seconds the visual index took to build at start-up (0 until built)', [], { collect: (gauge) => gauge.set({}, this.buildSeconds ?? 0) });
  }

  onApplicationBootstrap(): void {
    // Built in the background: the store serves everything else meanwhile, and image searches
    // wait for it (ready()).
    void this.ready().catch((error: unknown) => this.logger.error({ msg: 'visual index could not be built', error: String(error) }));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.looks?.close();
  }

  /** Resolves once the index is built (at once after that). */
  ready(): Promise<void> {
    this.loading ??= this.build().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Best frame per material within `maxDistance` bits, nearest first. */
  async search(hash: bigint, maxDistance: number, limit: number): Promise<FrameMatch[]> {
    await this.ready();
    return this.index!.search(hash, maxDistance, limit);
  }

  /** The nearest looks (colours, composition or both, as `weights` say), but for `exclude`. */
  async nearestLooks(look: Look, weights: LookWeights, limit: number, exclude?: number): Promise<LookMatch[]> {
    return (await this.liveLooks()).nearest(look, weights, limit, exclude);
  }

  /** A material's look, once it is indexed. */
  async lookOf(materialId: number): Promise<Look | null> {
    return (await this.liveLooks()).get(materialId);
  }

  /** The looks once built; built again if their worker thread has failed. */
  private async liveLooks(): Promise<LookEngine> {
    await this.ready();
    const failed = this.looks!;
    if (failed.failure) {
      this.logger.error({ msg: 'look index failed; building the visual index again', error: String(failed.failure) });
      void failed.close().catch(() => undefined);
      this.looks = null;
      this.loading = null;
      await this.ready();
    }
    return this.looks!;
  }

  /** A material this replica has just indexed. */
  async put(materialId: number, frames: readonly { timeMs: number; hash: bigint }[], look: Look): Promise<void> {
    await this.index?.put(materialId, frames);
    this.looks?.put([{ materialId, look }]);
  }

  get size(): { frames: number; materials: number; bytes: number } {
    const frames = this.index?.size ?? { frames: 0, materials: 0, bytes: 0 };
    return { frames: frames.frames, materials: frames.materials, bytes: frames.bytes + (this.looks?.size.bytes ?? 0) };
  }

  @Interval(REFRESH_MS)
  async refresh(): Promise<void> {
    if (!this.index) return;
    // A few seconds of overlap: indexed_at is the database's clock, this the process's.
    const since = this.refreshedAt ? new Date(this.refreshedAt.getTime() - CLOCK_OVERLAP_MS) : null;
    this.refreshedAt = new Date();
    for await (const batch of this.visuals.framesIndexedSince(since)) {
      for (const [materialId, frames] of byMaterial(batch)) await this.index.put(materialId, frames);
    }
    for await (const batch of this.visuals.looksIndexedSince(since)) this.looks?.put(batch);
  }

  private async build(): Promise<void> {
    const started = Date.now();
    this.refreshedAt = new Date();
    const loader = this.engine.loader();
    for await (const batch of this.visuals.framesIndexedSince(null)) for (const frame of batch) loader.add(frame.materialId, frame.timeMs, frame.high, frame.low);
    const index = await loader.build();
    this.index = index;
    // Set before it is filled, so a look this replica indexes meanwhile is not dropped (and the
    // first refresh reads again whatever was indexed since the build began).
    const looks = (this.looks ??= await startLookEngine());
    for await (const batch of this.visuals.looksIndexedSince(null)) looks.put(batch);
    // Answered once the worker has taken every batch: the figures below are then whole.
    await looks.get(-1);
    this.buildSeconds = (Date.now() - started) / 1000;
    this.logger.log({
      msg: 'visual index built',
      frames: index.size.frames,
      materials: index.size.materials,
      looks: looks.size.looks,
      ms: Date.now() - started,
      memoryMB: Math.round(this.size.bytes / 1048576),
    });
  }
}

function byMaterial(frames: readonly StoredFrame[]): Map<number, { timeMs: number; hash: bigint }[]> {
  const grouped = new Map<number, { timeMs: number; hash: bigint }[]>();
  for (const frame of frames) {
    const list = grouped.get(frame.materialId) ?? [];
    list.push({ timeMs: frame.timeMs, hash: (BigInt(frame.high) << 32n) | BigInt(frame.low) });
    grouped.set(frame.materialId, list);
  }
  return grouped;
}
