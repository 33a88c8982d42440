import { z } from 'zod';
import { defineEvent } from '@mkt/contracts';

const count = z.number().int().nonnegative();

/**
 * The catalogue's note to itself: appearances, views and favourites counted in memory by one
 * process since its last flush. `batchId` is chosen when the batch is cut and kept when its write
 * is retried, so a batch written twice (a commit whose answer was lost) is still added once.
 */
export const MaterialActivityCounted = defineEvent(
  'catalogue.material.activity.counted',
  1,
  z.object({
    batchId: z.uuid(),
    entries: z
      .array(
        z.object({
          day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
          materialId: z.number().int().positive(),
          appearances: count,
          views: count,
          favourites: count,
        }),
      )
      .min(1)
      .max(2_000),
  }),
);
