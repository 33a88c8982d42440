/**
 * The `limit` nearest of a stream of (id, distance) pairs, nearest first, ties by the smaller id:
 * a max-heap of the kept ones in typed arrays, so a scan of a million rows keeping a thousand costs
 * a comparison per row and a log-sized repair per improvement (sorting the kept list on every
 * improvement cost seconds at that size).
 */
export class NearestList {
  private readonly distances: Float64Array;
  private readonly ids: Float64Array;
  private size = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number, got ${limit}`);
    this.distances = new Float64Array(limit);
    this.ids = new Float64Array(limit);
  }

  /** True when a pair at `distance` could still be kept (cheap: ask before computing more about it). */
  wants(distance: number): boolean {
    return this.size < this.limit || distance <= this.distances[0]!;
  }

  /** The farthest distance kept once the list is full; Infinity until then (every pair is wanted), -Infinity when none is. */
  farthest(): number {
    if (this.limit === 0) return -Infinity;
    return this.size < this.limit ? Infinity : this.distances[0]!;
  }

  offer(id: number, distance: number): void {
    if (this.limit === 0) return;
    if (this.size < this.limit) {
      let at = this.size++;
      // Sift up: the farthest kept pair stays at the root.
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!this.farther(distance, id, this.distances[parent]!, this.ids[parent]!)) break;
        this.distances[at] = this.distances[parent]!;
        this.ids[at] = this.ids[parent]!;
        at = parent;
      }
      this.distances[at] = distance;
      this.ids[at] = id;
      return;
    }
    if (!this.farther(this.distances[0]!, this.ids[0]!, distance, id)) return;
    // Replaces the farthest and sifts it down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && this.farther(this.distances[right]!, this.ids[right]!, this.distances[left]!, this.ids[left]!) ? right : left;
      if (!this.farther(this.distances[child]!, this.ids[child]!, distance, id)) break;
      this.distances[at] = this.distances[child]!;
      this.ids[at] = this.ids[child]!;
      at = child;
    }
    this.distances[at] = distance;
    this.ids[at] = id;
  }

  /** The kept pairs, nearest first. */
  sorted(): { id: number; distance: number }[] {
    const out: { id: number; distance: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ id: this.ids[i]!, distance: this.distances[i]! });
    return out.sort((a, b) => a.distance - b.distance || a.id - b.id);
  }

  /** Whether (d1, id1) ranks after (d2, id2). */
  private farther(d1: number, id1: number, d2: number, id2: number): boolean {
    return d1 > d2 || (d1 === d2 && id1 > id2);
  }
}
