import { z } from 'zod';
import { defineEvent, type PayloadOf } from '@mkt/contracts';
import { noActivity, type ActivityEntry } from './activity-counts.js';

/** Entries of one batch: a busy catalogue's ten seconds of appearances in a few events. */
export const ACTIVITY_BATCH_MAX = 10_000;
const count = z.number().int().nonnegative();
const column = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(ACTIVITY_BATCH_MAX);

/**
 * The catalogue's note to itself: appearances, views and favourites counted in memory by one
 * process since its last flush. `batchId` is chosen when the batch is cut and kept when its write
 * is retried, so a batch written twice (a commit whose answer was lost) is still added once.
 * Column by column (entry i is the i-th of every array, its day `days[day[i]]`): a tenth of the
 * JSON of one object per entry, and checked in a third of the time on the search path's thread.
 */
export const MaterialActivityCounted = defineEvent(
  'catalogue.material.activity.counted',
  1,
  z
    .object({
      batchId: z.uuid(),
      days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).min(1).max(8),
      day: column(z.number().int().min(0).max(7)),
      materialIds: column(z.number().int().positive()),
      appearances: column(count),
      views: column(count),
      favourites: column(count),
    })
    .refine(
      (batch) =>
        [batch.materialIds, batch.appearances, batch.views, batch.favourites].every((values) => values.length === batch.day.length) &&
        batch.day.every((index) => index < batch.days.length),
      'columns of one length, days within the list',
    ),
);
type Batch = PayloadOf<typeof MaterialActivityCounted>;

/** A batch's columns from counted entries (a batch's entries span a day or two). */
export function activityBatch(batchId: string, entries: readonly ActivityEntry[]): Batch {
  const days: string[] = [];
  const dayIndex = new Map<string, number>();
  const batch: Batch = { batchId, days, day: [], materialIds: [], appearances: [], views: [], favourites: [] };
  for (const entry of entries) {
    let index = dayIndex.get(entry.day);
    if (index === undefined) {
      index = days.push(entry.day) - 1;
      dayIndex.set(entry.day, index);
    }
    batch.day.push(index);
    batch.materialIds.push(entry.materialId);
    batch.appearances.push(entry.appearances);
    batch.views.push(entry.views);
    batch.favourites.push(entry.favourites);
  }
  return batch;
}

export function entriesOfBatch(batch: Batch): ActivityEntry[] {
  return batch.materialIds.map((materialId, i) => ({
    ...noActivity(),
    day: batch.days[batch.day[i]!]!,
    materialId,
    appearances: batch.appearances[i]!,
    views: batch.views[i]!,
    favourites: batch.favourites[i]!,
  }));
}
