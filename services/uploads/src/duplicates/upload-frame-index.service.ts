import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { FRAME_INDEX_ENGINE, type FrameIndex, type FrameIndexEngine, type FrameMatch } from '@mkt/platform/visual';
import { UploadFramesRepository } from './upload-frames.repository.js';

/**
 * How far back each read forward starts from its last start: a frame row's `recorded_at` is taken
 * at insert and it is seen once its transaction commits, a moment later (the pipeline commits
 * straight after storing the frames).
 */
const COMMIT_LAG_MS = 60_000;

/**
 * The frames of every processed upload in a FrameIndex (in this process's memory by default,
 * about 30 bytes a frame), built from uploads.upload_frames at start and brought up to date before each check
 * by reading what was recorded since (this replica's and the others'), so a file processed a
 * moment ago on another replica is already compared. Removed uploads keep their frames here:
 * matches are checked against the uploads table before they are shown.
 */
@Injectable()
export class UploadFrameIndex implements OnApplicationBootstrap {
  private readonly logger = new Logger('UploadFrameIndex');
  private index: FrameIndex | null = null;
  private loading: Promise<void> | null = null;
  private reading: Promise<void> | null = null;
  private readFrom: Date | null = null;

  constructor(
    private readonly frames: UploadFramesRepository,
    @Inject(FRAME_INDEX_ENGINE) private readonly engine: FrameIndexEngine,
  ) {}

  onApplicationBootstrap(): void {
    void this.ready().catch((error: unknown) => this.logger.error({ msg: 'upload frame index could not be built', error: String(error) }));
  }

  ready(): Promise<void> {
    this.loading ??= this.build().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** For each hash, the best frame per upload within `maxDistance` bits, nearest first, `accept`ed uploads only. */
  async search(hashes: readonly bigint[], maxDistance: number, limit: number, accept: (uploadId: number) => boolean): Promise<FrameMatch[][]> {
    await this.ready();
    await this.catchUp();
    return Promise.all(hashes.map((hash) => this.index!.search(hash, maxDistance, limit, accept)));
  }

  get size(): { frames: number; uploads: number; bytes: number } {
    const size = this.index?.size ?? { frames: 0, materials: 0, bytes: 0 };
    return { frames: size.frames, uploads: size.materials, bytes: size.bytes };
  }

  /** Reads what was recorded since the last read (one at a time; callers meanwhile wait for it). */
  private catchUp(): Promise<void> {
    this.reading ??= this.readForward().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readForward(): Promise<void> {
    const since = new Date(this.readFrom!.getTime() - COMMIT_LAG_MS);
    const startedAt = await this.frames.now();
    for await (const batch of this.frames.recordedSince(since)) for (const { uploadId, frames } of batch) await this.index!.put(uploadId, frames);
    this.readFrom = startedAt;
  }

  private async build(): Promise<void> {
    const started = Date.now();
    this.readFrom = await this.frames.now();
    const loader = this.engine.loader();
    for await (const batch of this.frames.recordedSince(null)) {
      for (const { uploadId, frames } of batch) for (const frame of frames) loader.add(uploadId, frame.timeMs, Number(frame.hash >> 32n), Number(frame.hash & 0xffffffffn));
    }
    const index = await loader.build();
    this.index = index;
    this.logger.log({ msg: 'upload frame index built', frames: index.size.frames, uploads: index.size.materials, ms: Date.now() - started });
  }
}
