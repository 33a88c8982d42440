import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { MaterialBacklog } from '../materials/material-backlog.js';
import { MaterialReadCache } from '../store/material-read-cache.js';
import { PreviewStreamMaker, PreviewUnstreamable } from './preview-stream.maker.js';
import { PreviewStreamsRepository, type UnstreamedVideo } from './preview-streams.repository.js';

const PASS_EVERY_MS = 30_000;

/**
 * Streams the preview of every published video as HLS (MaterialBacklog), a pass every 30 s. A
 * video is done once its row names a stream (or keeps a failure); replicas racing for one video
 * write the same files and record it once (PreviewStreamsRepository.saveStream). Until its
 * stream exists a video's detail page plays the MP4 preview.
 */
@Injectable()
export class PreviewStreamsJob implements OnApplicationBootstrap {
  private readonly backlog: MaterialBacklog<UnstreamedVideo>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'previewStreams'>,
    streams: PreviewStreamsRepository,
    maker: PreviewStreamMaker,
    readCache: MaterialReadCache,
  ) {
    this.backlog = new MaterialBacklog(
      {
        name: 'preview streams',
        next: (afterId, limit) => streams.unstreamed(afterId, limit),
        count: () => streams.countUnstreamed(),
        process: async (video) => {
          const streamKey = await maker.make(video.id, video.preview480Key);
          if (await streams.saveStream(video.id, video.preview480Key, streamKey)) readCache.invalidate([video.id]);
        },
        isOwnFault: (error): error is Error => error instanceof PreviewUnstreamable,
        remember: (video, reason) => streams.saveFailure(video.id, reason),
      },
      new Logger('PreviewStreams'),
    );
  }

  onApplicationBootstrap(): void {
    this.scheduledPass();
  }

  @Interval(PASS_EVERY_MS)
  scheduledPass(): void {
    if (this.config.previewStreams) this.backlog.scheduledPass();
  }

  /** Streams everything waiting now; resolves with how many were streamed (one pass at a time). */
  pass(): Promise<number> {
    return this.backlog.pass();
  }
}
