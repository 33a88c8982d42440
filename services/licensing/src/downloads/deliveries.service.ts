import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DeliveryRequested, type DeliveryPrepared, type PayloadOf } from '@mkt/contracts';
import { Clock, OutboxWriter } from '@mkt/platform';

/** Which file a download right hands out: the original, or one reduced to the personal licence's limit. */
export type DeliveryProfile = 'original' | 'personal';

/** A file that could not be made (its source was missing, say) is asked for again at most this often. */
export const DELIVERY_RETRY_MINUTES = 10;

/** A personal licence of a video or photo delivers at most 1080P or a medium-size photo (spec section 9). */
export function deliveryProfileOf(licenceType: string | undefined, kind: string): DeliveryProfile {
  return licenceType === 'personal' && (kind === 'video' || kind === 'photo') ? 'personal' : 'original';
}

/**
 * Reduced files for personal licences. Licensing asks the uploads service (which owns media
 * processing) once per source file; every right to that file waits for the same answer, so a
 * clip bought by a hundred individuals is rendered once.
 */
@Injectable()
export class DeliveriesService {
  constructor(
    @InjectDataSource('licensing') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** Records the need and asks for the file, unless it was asked for already. */
  async request(manager: EntityManager, sourceKey: string, kind: 'video' | 'photo'): Promise<void> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO licensing.deliveries ("source_key", "profile", "status", "requested_at") VALUES ($1, 'personal', 'pending', $2)
       ON CONFLICT ("source_key", "profile") DO NOTHING RETURNING 1`,
      [sourceKey, this.clock.now()],
    );
    if (inserted.length > 0) await this.outbox.add(manager, DeliveryRequested, sourceKey, { sourceKey, kind, profile: 'personal' });
  }

  /**
   * A buyer asked for a file that could not be made: ask again, if the last try is old enough.
   * Covers a source that was still being stored when the order was confirmed.
   */
  async retryFailed(sourceKey: string, kind: 'video' | 'photo'): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const updated: unknown[] = await manager.query(
        `UPDATE licensing.deliveries SET "status" = 'pending', "reason" = NULL, "requested_at" = $2
          WHERE "source_key" = $1 AND "profile" = 'personal' AND "status" = 'failed' AND "requested_at" < $2::timestamptz - make_interval(mins => $3) RETURNING 1`,
        [sourceKey, now, DELIVERY_RETRY_MINUTES],
      );
      if (updated.length > 0) await this.outbox.add(manager, DeliveryRequested, sourceKey, { sourceKey, kind, profile: 'personal' });
    });
  }

  /** The uploads service's answer: the file to hand out, or why there is none. */
  async onPrepared(manager: EntityManager, payload: PayloadOf<typeof DeliveryPrepared>): Promise<void> {
    await manager.query(
      `UPDATE licensing.deliveries SET "status" = $3, "delivery_key" = $4, "width" = $5, "height" = $6, "reason" = $7, "prepared_at" = $8
        WHERE "source_key" = $1 AND "profile" = $2`,
      [payload.sourceKey, payload.profile, payload.ok ? 'ready' : 'failed', payload.deliveryKey, payload.width, payload.height, payload.reason, this.clock.now()],
    );
  }
}
