import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MediaFailed, MediaProcessed, UploadCompleted, type PayloadOf } from '@mkt/contracts';
import { Clock, formatObjectLocation, OBJECT_STORAGE, OnEvent, OutboxWriter, type EventHandlerContext, type ObjectStorage } from '@mkt/platform';
import { NearDuplicateFinder } from '../duplicates/near-duplicate.finder.js';
import { UploadFramesRepository } from '../duplicates/upload-frames.repository.js';
import { UploadEntity } from '../entities/upload.entity.js';
import { UPLOAD_BUCKETS, attemptPrefix, renditionKeys } from '../locations.js';
import { withMediaSource } from '../media-source.js';
import { UPLOAD_SETTINGS, type UploadSettings } from '../uploads.settings.js';
import { MediaProcessor, type ProcessedFile } from './media-processor.js';
import { uploadTransition } from '../upload-lifecycle.js';
import { UploadPipelineMetrics, type PipelineResult } from './upload-pipeline.metrics.js';

export const MEDIA_PROCESSOR = Symbol('MEDIA_PROCESSOR');

/**
 * The background worker of the upload pipeline: runs on `upload.completed` from the bus, never in
 * a request. It probes and checks the real content, renders the renditions into a folder of its
 * own attempt, and records them (status 'waiting' + `media.processed`, or 'failed' with the
 * broken rule + `media.failed`) in the bus handler's transaction. A worker killed mid-way
 * commits nothing: the bus delivers the event again, the next attempt first removes what the
 * killed one left, and the row never points at a half-written rendition.
 */
@Injectable()
export class UploadPipelineService {
  private readonly logger = new Logger('UploadPipeline');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_PROCESSOR) private readonly processor: MediaProcessor,
    @Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
    private readonly duplicates: NearDuplicateFinder,
    private readonly frames: UploadFramesRepository,
    @Optional() private readonly metrics?: UploadPipelineMetrics,
  ) {}

  @OnEvent(UploadCompleted)
  async onUploadCompleted(payload: PayloadOf<typeof UploadCompleted>, { manager }: EventHandlerContext): Promise<void> {
    await this.process(manager, payload.uploadId);
  }

  async process(manager: EntityManager, uploadId: number): Promise<void> {
    const repository = manager.getRepository(UploadEntity);
    // The row lock keeps a second delivery of the same file waiting rather than rendering twice.
    // FOR NO KEY UPDATE, not FOR UPDATE: recording the frames, in a transaction of its own, checks
    // their reference to this row (a key share lock), which FOR UPDATE would hold up until this
    // transaction ends, that is for ever.
    const upload = await repository.findOne({ where: { id: uploadId }, lock: { mode: 'for_no_key_update' } });
    if (!upload || upload.status !== 'transcoding' || upload.deletedAt) return;

    await this.removeUnrecordedRenditions(uploadId);
    const dir = await mkdtemp(join(this.settings.workDir, `upload-${uploadId}-`));
    const finishJob = this.metrics?.startJob(manager, upload.kind);
    let result: PipelineResult = 'error';
    try {
      const started = Date.now();
      // Read where it is stored (a video is never copied: the temp space holds only what is
      // rendered); the renditions are written into `dir`.
      const outcome = await withMediaSource(this.storage, upload.kind, UPLOAD_BUCKETS.originals, upload.filePath, (original) => this.processor.process(upload.kind, original, dir));

      if (!outcome.ok) {
        await repository.update(upload.id, { status: uploadTransition(upload.status, 'fail'), reason: outcome.broken.key, updatedAt: this.clock.now() });
        await this.outbox.add(manager, MediaFailed, String(upload.id), {
          uploadId: upload.id,
          contributorId: upload.contributorId,
          kind: upload.kind,
          reason: outcome.broken.key,
        });
        this.logger.log({ msg: 'upload refused on its content', uploadId, reason: outcome.broken.key });
        result = 'failed';
        return;
      }

      const keys = renditionKeys(upload.id, randomUUID().slice(0, 8), upload.kind);
      const thumbnailKey = await this.store(UPLOAD_BUCKETS.renditions, keys.thumbnail, outcome.files.thumbnail);
      const sampleKey = await this.store(UPLOAD_BUCKETS.samples, keys.sample, outcome.files.sample);
      const preview480Key = keys.preview480 && outcome.files.preview480 ? await this.store(UPLOAD_BUCKETS.renditions, keys.preview480, outcome.files.preview480) : null;
      const previewStripKey = keys.previewStrip && outcome.files.previewStrip ? await this.store(UPLOAD_BUCKETS.renditions, keys.previewStrip, outcome.files.previewStrip) : null;
      // Frames recorded (committed) before the check: of two copies processed at the same moment
      // on two replicas, the one that checks second sees the first's frames, so at least one of
      // them is flagged. Checked first and recorded with the upload, neither saw the other.
      await this.frames.record(upload.id, outcome.frames);
      const nearDuplicates = await this.duplicates.find({ id: upload.id, kind: upload.kind, durationSeconds: outcome.probe.durationSeconds, frames: outcome.frames });

      const { probe } = outcome;
      await repository.update(upload.id, {
        status: uploadTransition(upload.status, 'process'),
        reason: null,
        codec: probe.codec,
        width: probe.width,
        height: probe.height,
        durationSeconds: probe.durationSeconds,
        fps: probe.fps,
        colorSpace: probe.colorSpace,
        colorTransfer: probe.colorTransfer,
        maxResolution: probe.maxResolution,
        thumbnailKey,
        sampleKey,
        preview480Key,
        previewStripKey,
        phashes: outcome.phashes,
        nearDuplicates,
        updatedAt: this.clock.now(),
      });
      await this.outbox.add(manager, MediaProcessed, String(upload.id), {
        uploadId: upload.id,
        contributorId: upload.contributorId,
        kind: upload.kind,
        probe,
        thumbnailKey,
        preview480Key,
        previewStripKey,
        sampleKey,
        phash: outcome.phashes[0] ?? null,
      });
      this.logger.log({ msg: 'upload processed', uploadId, ms: Date.now() - started, nearDuplicates: nearDuplicates.length });
      result = 'processed';
    } finally {
      finishJob?.(result);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async removeUnrecordedRenditions(uploadId: number): Promise<void> {
    for (const bucket of [UPLOAD_BUCKETS.renditions, UPLOAD_BUCKETS.samples]) {
      for (const entry of await this.storage.list(bucket, attemptPrefix(uploadId))) await this.storage.delete(bucket, entry.key);
    }
  }

  private async store(bucket: string, key: string, file: ProcessedFile): Promise<string> {
    const { size } = await stat(file.path);
    await this.storage.put(bucket, key, createReadStream(file.path), { contentType: file.contentType, size });
    return formatObjectLocation(bucket, key);
  }
}
