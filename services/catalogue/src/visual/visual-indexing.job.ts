import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { MaterialBacklog } from '../materials/material-backlog.js';
import { MaterialWriter } from '../materials/material-writer.service.js';
import { MaterialLookReader, MaterialMediaUnreadable } from './material-look.reader.js';
import { MaterialVisualsRepository, type UnindexedMaterial } from './material-visuals.repository.js';
import { VisualIndexService } from './visual-index.service.js';

const PASS_EVERY_MS = 30_000;

/**
 * Gives every published photo and video its frames and look (MaterialBacklog), a pass every
 * 30 s. A material is done once its look row exists (a failure is a row too, with the reason);
 * replicas racing for one material store it once (MaterialVisualsRepository.save).
 */
@Injectable()
export class VisualIndexingJob implements OnApplicationBootstrap {
  private readonly backlog: MaterialBacklog<UnindexedMaterial>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'visualIndexing'>,
    visuals: MaterialVisualsRepository,
    reader: MaterialLookReader,
    index: VisualIndexService,
    writer: MaterialWriter,
  ) {
    this.backlog = new MaterialBacklog(
      {
        name: 'visual indexing',
        next: (afterId, limit) => visuals.unindexed(afterId, limit),
        count: () => visuals.countUnindexed(),
        process: async (material) => {
          const record = await reader.read(material);
          // The colour filter values change with the look: the search index follows in the same transaction.
          const saved = await visuals.save(material.id, record, (manager) => writer.reindex([material.id], manager));
          if (saved) await index.put(material.id, record.frames, record);
        },
        isOwnFault: (error): error is Error => error instanceof MaterialMediaUnreadable,
        remember: (material, reason) => visuals.saveFailure(material.id, reason),
      },
      new Logger('VisualIndexing'),
    );
  }

  onApplicationBootstrap(): void {
    this.scheduledPass();
  }

  @Interval(PASS_EVERY_MS)
  scheduledPass(): void {
    if (this.config.visualIndexing) this.backlog.scheduledPass();
  }

  /** Indexes everything unindexed now; resolves with how many were indexed (one pass at a time). */
  pass(): Promise<number> {
    return this.backlog.pass();
  }
}
