import { addActivity, noActivity, type ActivityCounts, type ActivityEntry } from './activity-counts.js';

/**
 * Counts per material and day in a Map, handed out in batches. A key is `day:materialId`, so a
 * material seen on a hundred search pages of a day is one entry of a batch, not a hundred.
 */
export class ActivityCounter {
  private pending = new Map<string, ActivityCounts>();
  /** Counts of new keys refused because `maxKeys` were held. */
  dropped = 0;

  constructor(private readonly maxKeys: number) {}

  get size(): number {
    return this.pending.size;
  }

  add(day: string, materialId: number, counts: Partial<ActivityCounts>): void {
    const key = `${day}:${materialId}`;
    const held = this.pending.get(key);
    if (held) {
      addActivity(held, counts);
      return;
    }
    if (this.pending.size >= this.maxKeys) {
      this.dropped += 1;
      return;
    }
    const fresh = noActivity();
    addActivity(fresh, counts);
    this.pending.set(key, fresh);
  }

  /** Everything counted so far, in batches of at most `batchSize` entries; the counter starts again empty. */
  drain(batchSize: number): ActivityEntry[][] {
    const entries: ActivityEntry[] = [];
    for (const [key, counts] of this.pending) {
      const split = key.indexOf(':');
      entries.push({ day: key.slice(0, split), materialId: Number(key.slice(split + 1)), ...counts });
    }
    this.pending = new Map();
    const batches: ActivityEntry[][] = [];
    for (let start = 0; start < entries.length; start += batchSize) batches.push(entries.slice(start, start + batchSize));
    return batches;
  }
}
