import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { MaterialReadCache } from '../store/material-read-cache.js';
import { PreviewStreamMaker, PreviewUnstreamable } from './preview-stream.maker.js';
import { PreviewStreamsRepository } from './preview-streams.repository.js';

const PASS_EVERY_MS = 30_000;
const BATCH = 20;
const PROGRESS_EVERY_MS = 10_000;

/**
 * Streams the preview of every published video as HLS: the videos published before streams
 * existed (the demo catalogue included), then each one published since, a pass every 30 s.
 * Resumable by construction: a video is done once its row names a stream (or keeps a failure),
 * so a restart carries on where the last pass stopped; replicas racing for one video write the
 * same files and record it once (PreviewStreamsRepository.saveStream). Until its stream exists a
 * video's detail page plays the MP4 preview.
 */
@Injectable()
export class PreviewStreamsJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('PreviewStreams');
  private running: Promise<number> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'previewStreams'>,
    private readonly streams: PreviewStreamsRepository,
    private readonly maker: PreviewStreamMaker,
    private readonly readCache: MaterialReadCache,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduledPass();
  }

  @Interval(PASS_EVERY_MS)
  scheduledPass(): void {
    if (!this.config.previewStreams) return;
    // A pass stopped by the store or the database being unreachable is tried again on the next one.
    this.pass().catch((error: unknown) => this.logger.warn({ msg: 'preview streams pass stopped', error: error instanceof Error ? error.message : String(error) }));
  }

  /** Streams everything waiting now; resolves with how many were streamed (one pass at a time). */
  pass(): Promise<number> {
    this.running ??= this.streamAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async streamAll(): Promise<number> {
    let afterId = 0;
    let done = 0;
    let failed = 0;
    let total: number | null = null;
    let reported = Date.now();
    for (;;) {
      const batch = await this.streams.unstreamed(afterId, BATCH);
      if (batch.length === 0) break;
      total ??= await this.streams.countUnstreamed();
      for (const video of batch) {
        afterId = video.id;
        try {
          const streamKey = await this.maker.make(video.id, video.preview480Key);
          if (await this.streams.saveStream(video.id, video.preview480Key, streamKey)) this.readCache.invalidate([video.id]);
          done += 1;
        } catch (error) {
          if (!(error instanceof PreviewUnstreamable)) throw error;
          failed += 1;
          await this.streams.saveFailure(video.id, error.message);
          this.logger.warn({ msg: 'preview could not be streamed', materialId: video.id, error: error.message });
        }
        if (Date.now() - reported > PROGRESS_EVERY_MS) {
          reported = Date.now();
          this.logger.log({ msg: 'preview streams', done, failed, of: total });
        }
      }
    }
    if (done + failed > 0) this.logger.log({ msg: 'preview streams finished', done, failed });
    return done;
  }
}
