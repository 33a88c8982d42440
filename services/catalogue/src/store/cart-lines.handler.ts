import { Injectable } from '@nestjs/common';
import { CartChanged, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';

/**
 * Keeps `catalogue.cart_lines` as orders' carts change, for the header's cart counts. One user's
 * changes arrive in order; adding a line that is there or removing one that is not does nothing.
 */
@Injectable()
export class CartLinesHandler {
  @OnEvent(CartChanged)
  async onCartChanged(payload: PayloadOf<typeof CartChanged>, { manager }: EventHandlerContext): Promise<void> {
    if (payload.removed.length > 0) {
      await manager.query(`DELETE FROM catalogue.cart_lines WHERE user_id = $1 AND material_id = ANY($2::bigint[])`, [payload.userId, payload.removed]);
    }
    if (payload.added.length > 0) {
      await manager.query(
        `INSERT INTO catalogue.cart_lines (user_id, material_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
        [payload.userId, payload.added],
      );
    }
  }
}
