import { Injectable } from '@nestjs/common';
import { CartChanged, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { noActivity } from '../analytics/activity-counts.js';
import { ActivityRepository } from '../analytics/activity.repository.js';
import { demandDay } from '../demand/demand-calendar.js';

/**
 * Keeps `catalogue.cart_lines` as orders' carts change, for the header's cart counts. One user's
 * changes arrive in order; adding a line that is there or removing one that is not does nothing.
 * A line really added counts as a cart add of its material in the sales analytics, in the same
 * transaction (the handler runs once per event).
 */
@Injectable()
export class CartLinesHandler {
  constructor(private readonly activity: ActivityRepository) {}

  @OnEvent(CartChanged)
  async onCartChanged(payload: PayloadOf<typeof CartChanged>, { manager }: EventHandlerContext): Promise<void> {
    if (payload.removed.length > 0) {
      await manager.query(`DELETE FROM catalogue.cart_lines WHERE user_id = $1 AND material_id = ANY($2::bigint[])`, [payload.userId, payload.removed]);
    }
    if (payload.added.length > 0) {
      const added = (await manager.query(
        `INSERT INTO catalogue.cart_lines (user_id, material_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING RETURNING material_id`,
        [payload.userId, payload.added],
      )) as { material_id: string }[];
      const day = demandDay(new Date(payload.changedAt));
      await this.activity.add(manager, added.map((row) => ({ ...noActivity(), day, materialId: Number(row.material_id), cartAdds: 1 })));
    }
  }
}
