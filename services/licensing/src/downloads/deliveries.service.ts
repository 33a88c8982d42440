import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DeliveryRequested, type DeliveryPrepared, type PayloadOf } from '@mkt/contracts';
import { Clock, OutboxWriter } from '@mkt/platform';
import { DeliveriesRepository } from './deliveries.repository.js';

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
    private readonly repository: DeliveriesRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** Records the need and asks for the file, unless it was asked for already. */
  async request(manager: EntityManager, sourceKey: string, kind: 'video' | 'photo'): Promise<void> {
    const inserted = await this.repository.insertPendingIfAbsent(manager, sourceKey, this.clock.now());
    if (inserted) await this.outbox.add(manager, DeliveryRequested, sourceKey, { sourceKey, kind, profile: 'personal' });
  }

  /**
   * A buyer asked for a file that could not be made: ask again, if the last try is old enough.
   * Covers a source that was still being stored when the order was confirmed.
   */
  async retryFailed(sourceKey: string, kind: 'video' | 'photo'): Promise<void> {
    const now = this.clock.now();
    await this.repository.transaction(async (manager) => {
      if (await this.repository.reopenFailed(manager, sourceKey, now, DELIVERY_RETRY_MINUTES)) await this.outbox.add(manager, DeliveryRequested, sourceKey, { sourceKey, kind, profile: 'personal' });
    });
  }

  /** The uploads service's answer: the file to hand out, or why there is none. */
  async onPrepared(manager: EntityManager, payload: PayloadOf<typeof DeliveryPrepared>): Promise<void> {
    await this.repository.markPrepared(manager, {
      sourceKey: payload.sourceKey,
      profile: payload.profile,
      status: payload.ok ? 'ready' : 'failed',
      deliveryKey: payload.deliveryKey,
      width: payload.width,
      height: payload.height,
      reason: payload.reason,
      preparedAt: this.clock.now(),
    });
  }
}
