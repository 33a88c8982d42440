import { Injectable } from '@nestjs/common';
import { EarningsCredited, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { demandDay } from '../demand/demand-calendar.js';
import { MaterialActivityCounted, entriesOfBatch } from './activity-batch.events.js';
import { noActivity, type ActivityEntry } from './activity-counts.js';
import { ActivityRepository } from './activity.repository.js';

/**
 * What reaches the analytics rows through the bus: the batches counted in memory (added once per
 * batch id) and payouts' credited shares (a sale counts one and its share; a refund's reversal
 * takes the share back on its own day). Cart adds come with the cart lines (CartLinesHandler).
 */
@Injectable()
export class ActivityHandlers {
  constructor(private readonly repository: ActivityRepository) {}

  @OnEvent(MaterialActivityCounted)
  async onActivityCounted(payload: PayloadOf<typeof MaterialActivityCounted>, { manager }: EventHandlerContext): Promise<void> {
    await this.repository.addBatch(manager, payload.batchId, entriesOfBatch(payload));
  }

  @OnEvent(EarningsCredited)
  async onEarningsCredited(payload: PayloadOf<typeof EarningsCredited>, { manager }: EventHandlerContext): Promise<void> {
    const entries: ActivityEntry[] = payload.entries.map((entry) => ({
      ...noActivity(),
      day: demandDay(new Date(entry.at)),
      materialId: entry.materialId,
      sales: entry.entryType === 'sale' ? 1 : 0,
      earningsFen: entry.earningFen,
    }));
    await this.repository.add(manager, entries);
  }
}
