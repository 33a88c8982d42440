import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Metrics, afterCommit } from '@mkt/platform';
import { UploadEntity } from '../entities/upload.entity.js';

/** How a pipeline job ended: rendered and waiting for review, refused on its content, or crashed (retried by the bus). */
export type PipelineResult = 'processed' | 'failed' | 'error';

/**
 * The pipeline's numbers: uploads waiting to be processed (read on scrape), how long each job
 * takes, and how many ended which way.
 */
@Injectable()
export class UploadPipelineMetrics {
  private readonly duration;
  private readonly results;

  constructor(@InjectDataSource('uploads') dataSource: DataSource, metrics: Metrics) {
    metrics.gauge('upload_pipeline_queue_length', 'Uploads waiting for the media pipeline (status transcoding)', [], {
      collect: async (gauge) => {
        try {
          const [row] = (await dataSource.query(
            `SELECT count(*)::int AS waiting FROM ${dataSource.getMetadata(UploadEntity).tablePath} WHERE "status" = 'transcoding' AND "deleted_at" IS NULL`,
          )) as Array<{ waiting: number }>;
          gauge.set({}, row?.waiting ?? 0);
        } catch {
          gauge.reset();
        }
      },
    });
    this.duration = metrics.histogram('upload_pipeline_job_duration_seconds', 'Media pipeline job duration in seconds, by media kind and result', ['kind', 'result'], {
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    });
    this.results = metrics.counter('uploads_processed_total', 'Uploads the media pipeline finished, by result (processed, failed on content)', ['result']);
  }

  /** Starts timing one job; the returned function records it, and counts the result once committed. */
  startJob(manager: EntityManager, kind: string): (result: PipelineResult) => void {
    const stop = this.duration.startTimer({ kind });
    return (result) => {
      stop({ result });
      if (result !== 'error') afterCommit(manager, () => this.results.inc({ result }));
    };
  }
}
