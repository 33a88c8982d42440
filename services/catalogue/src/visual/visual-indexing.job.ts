import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { MaterialWriter } from '../materials/material-writer.service.js';
import { MaterialLookReader, MaterialMediaUnreadable } from './material-look.reader.js';
import { MaterialVisualsRepository } from './material-visuals.repository.js';
import { VisualIndexService } from './visual-index.service.js';

const PASS_EVERY_MS = 30_000;
const BATCH = 20;
const PROGRESS_EVERY_MS = 10_000;

/**
 * Gives every published photo and video its frames and look: the materials published before the
 * visual index existed (the demo catalogue included), then each one published since, a pass
 * every 30 s. Resumable by construction: a material is done once its look row exists (a failure
 * is a row too, with the reason), so a restart carries on where the last pass stopped, and
 * replicas racing for one material store it once (MaterialVisualsRepository.save).
 */
@Injectable()
export class VisualIndexingJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('VisualIndexing');
  private running: Promise<number> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'visualIndexing'>,
    private readonly visuals: MaterialVisualsRepository,
    private readonly reader: MaterialLookReader,
    private readonly index: VisualIndexService,
    private readonly writer: MaterialWriter,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduledPass();
  }

  @Interval(PASS_EVERY_MS)
  scheduledPass(): void {
    if (!this.config.visualIndexing) return;
    // A pass stopped by the store or the database being unreachable is tried again on the next one.
    this.pass().catch((error: unknown) => this.logger.warn({ msg: 'visual indexing pass stopped', error: error instanceof Error ? error.message : String(error) }));
  }

  /** Indexes everything unindexed now; resolves with how many were indexed (one pass at a time). */
  pass(): Promise<number> {
    this.running ??= this.indexAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async indexAll(): Promise<number> {
    let afterId = 0;
    let done = 0;
    let failed = 0;
    let total: number | null = null;
    let reported = Date.now();
    for (;;) {
      const batch = await this.visuals.unindexed(afterId, BATCH);
      if (batch.length === 0) break;
      total ??= await this.visuals.countUnindexed();
      for (const material of batch) {
        afterId = material.id;
        try {
          const record = await this.reader.read(material);
          // The colour filter values change with the look: the search index follows in the same transaction.
          const saved = await this.visuals.save(material.id, record, (manager) => this.writer.reindex([material.id], manager));
          if (saved) await this.index.put(material.id, record.frames, record);
          done += 1;
        } catch (error) {
          if (!(error instanceof MaterialMediaUnreadable)) throw error;
          failed += 1;
          await this.visuals.saveFailure(material.id, error.message);
          this.logger.warn({ msg: 'material could not be visually indexed', materialId: material.id, error: error.message });
        }
        if (Date.now() - reported > PROGRESS_EVERY_MS) {
          reported = Date.now();
          this.logger.log({ msg: 'visual indexing', done, failed, of: total });
        }
      }
    }
    if (done + failed > 0) this.logger.log({ msg: 'visual indexing finished', done, failed });
    return done;
  }
}
