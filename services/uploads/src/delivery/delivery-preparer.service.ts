import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DeliveryPrepared, DeliveryRequested, type PayloadOf } from '@mkt/contracts';
import { formatObjectLocation, OBJECT_STORAGE, OnEvent, OutboxWriter, parseObjectLocation, type EventHandlerContext, type ObjectStorage } from '@mkt/platform';
import { withMediaSource } from '../media-source.js';
import { UPLOAD_SETTINGS, type UploadSettings } from '../uploads.settings.js';
import { DeliveryRenderer } from './delivery-renderer.js';
import type { BucketName } from '@mkt/platform';

export const DELIVERY_BUCKET = 'deliveries' satisfies BucketName;
export const DELIVERY_RENDERER = Symbol('DELIVERY_RENDERER');

/** Where the reduced copy of a source lives: one per source and profile, so a retry overwrites it. */
export function deliveryKey(profile: string, sourceKey: string, extension: string): string {
  const withoutExtension = sourceKey.replace(/\.[a-z0-9]{1,5}$/i, '');
  return `${profile}/${withoutExtension}${extension}`;
}

/**
 * Answers licensing's delivery.requested: reads the source file, makes the reduced copy when the
 * source exceeds the licence's limit (or hands the source itself back when it does not) and
 * answers delivery.prepared in the bus handler's transaction. A crash mid-way commits nothing and
 * the bus delivers the request again.
 */
@Injectable()
export class DeliveryPreparerService implements OnModuleInit {
  private readonly logger = new Logger('DeliveryPreparer');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(DELIVERY_RENDERER) private readonly renderer: DeliveryRenderer,
    @Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings,
    private readonly outbox: OutboxWriter,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.storage.ensureBucket(DELIVERY_BUCKET);
  }

  @OnEvent(DeliveryRequested)
  async onDeliveryRequested(payload: PayloadOf<typeof DeliveryRequested>, { manager }: EventHandlerContext): Promise<void> {
    const answer = (result: Omit<PayloadOf<typeof DeliveryPrepared>, 'sourceKey' | 'profile'>) =>
      this.outbox.add(manager, DeliveryPrepared, payload.sourceKey, { sourceKey: payload.sourceKey, profile: payload.profile, ...result });
    const source = parseObjectLocation(payload.sourceKey);
    if (!source || !(await this.storage.stat(source.bucket, source.key))) {
      await answer({ ok: false, deliveryKey: null, width: null, height: null, reason: 'deliverySourceMissing' });
      return;
    }
    const dir = await mkdtemp(join(this.settings.workDir, 'delivery-'));
    try {
      const started = Date.now();
      // A video is read where it is stored; only the reduced copy is written into `dir`.
      const outcome = await withMediaSource(this.storage, payload.kind, source.bucket, source.key, (input) => this.renderer.render(payload.kind, input, dir));
      if (!outcome.ok) {
        await answer({ ok: false, deliveryKey: null, width: null, height: null, reason: outcome.reason });
        return;
      }
      let location = payload.sourceKey;
      if (outcome.file) {
        const key = deliveryKey(payload.profile, payload.sourceKey, outcome.file.extension);
        const { size } = await stat(outcome.file.path);
        await this.storage.put(DELIVERY_BUCKET, key, createReadStream(outcome.file.path), { contentType: outcome.file.contentType, size });
        location = formatObjectLocation(DELIVERY_BUCKET, key);
      }
      await answer({ ok: true, deliveryKey: location, width: outcome.width, height: outcome.height, reason: null });
      this.logger.log({ msg: 'delivery prepared', sourceKey: payload.sourceKey, reduced: !!outcome.file, width: outcome.width, height: outcome.height, ms: Date.now() - started });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
