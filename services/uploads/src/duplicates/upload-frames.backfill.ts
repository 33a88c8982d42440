import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { UPLOAD_BUCKETS } from '../locations.js';
import { withMediaSource } from '../media-source.js';
import { MEDIA_PROCESSOR } from '../pipeline/upload-pipeline.service.js';
import type { MediaProcessor } from '../pipeline/media-processor.js';
import { UPLOAD_SETTINGS, type UploadSettings } from '../uploads.settings.js';
import { UploadFramesRepository } from './upload-frames.repository.js';

const PASS_EVERY_MS = 60_000;
const BATCH = 20;

/**
 * Gives the uploads processed before frames were recorded their frames, so the near-duplicate
 * check compares new files with them too: a pass at start and every minute, oldest first. Done is
 * done (the frames are the record; two replicas racing for one upload store the same frames); a
 * file that cannot be read now (its original, or the store) is logged and left until this process
 * restarts.
 */
@Injectable()
export class UploadFramesBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('UploadFramesBackfill');
  private readonly unreadable = new Set<number>();
  private running: Promise<number> | null = null;

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_PROCESSOR) private readonly processor: MediaProcessor,
    @Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings,
    private readonly frames: UploadFramesRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduledPass();
  }

  @Interval(PASS_EVERY_MS)
  scheduledPass(): void {
    this.pass().catch((error: unknown) => this.logger.warn({ msg: 'upload frames backfill stopped', error: error instanceof Error ? error.message : String(error) }));
  }

  /** Records the frames of every processed upload without them; resolves with how many (one pass at a time). */
  pass(): Promise<number> {
    this.running ??= this.backfill().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async backfill(): Promise<number> {
    let done = 0;
    let afterId = 0;
    for (;;) {
      const uploads = await this.frames.withoutFrames(afterId, BATCH);
      if (uploads.length === 0) break;
      for (const { id, kind, filePath } of uploads) {
        afterId = id;
        if (this.unreadable.has(id)) continue;
        const dir = await mkdtemp(join(this.settings.workDir, `frames-${id}-`));
        try {
          const frames = await withMediaSource(this.storage, kind, UPLOAD_BUCKETS.originals, filePath, (source) => this.processor.comparedFrames(kind, source, dir));
          await this.frames.record(id, frames);
          done += 1;
        } catch (error) {
          this.unreadable.add(id);
          this.logger.warn({ msg: 'upload frames could not be recorded', uploadId: id, error: error instanceof Error ? error.message : String(error) });
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
    }
    if (done > 0) this.logger.log({ msg: 'upload frames recorded for earlier uploads', done });
    return done;
  }
}
