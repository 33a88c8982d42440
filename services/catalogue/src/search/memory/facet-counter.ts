/**
 * Counts, over the first `cap` members of a set, how many hold each filter value, from the
 * members' value masks (two words a document, values 0-31 and 32-63, side by side). A histogram
 * of each byte of the masks (8 bytes × 256 patterns) is expanded into per-value counts once at
 * the end: 8 increments per document instead of one per value it holds, in loops with no
 * callback per document.
 */
/** Room for every filter value's count: the 64 of the masks and the few held as sets only. */
const VALUE_SLOTS = 128;

export class FacetCounter {
  private readonly histogram = new Int32Array(8 * 256);
  /** The documents being counted, gathered in one pass over the set before the histogram loops. */
  private docs = new Uint32Array(1024);

  /**
   * Per value number (0-63), its count among the first `cap` members of `set` (whose first bit is
   * document `origin`), of the values in `wantLow`/`wantHigh`.
   */
  count(set: Uint32Array, masks: Uint32Array, wantLow: number, wantHigh: number, cap: number, origin = 0): Int32Array {
    const counts = new Int32Array(VALUE_SLOTS);
    if (cap <= 0) return counts;
    const histogram = this.histogram;
    histogram.fill(0);
    const found = this.firstMembers(set, cap, origin);
    // Counting one filter (its own selection ignored) needs one or two bytes of the masks: only
    // those are read then. With most bytes wanted, the unrolled loop over all eight is faster.
    const chunks: number[] = [];
    for (let chunk = 0; chunk < 8; chunk += 1) if (((chunk < 4 ? wantLow : wantHigh) >>> ((chunk & 3) * 8)) & 255) chunks.push(chunk);
    if (chunks.length > 4) this.countAll(found, masks, wantLow, wantHigh);
    else this.countChunks(found, masks, wantLow, wantHigh, chunks);
    for (let chunk = 0; chunk < 8; chunk += 1) {
      for (let pattern = 1; pattern < 256; pattern += 1) {
        const seen = histogram[chunk * 256 + pattern]!;
        if (seen === 0) continue;
        for (let bits = pattern; bits !== 0; bits &= bits - 1) counts[chunk * 8 + 31 - Math.clz32(bits & -bits)]! += seen;
      }
    }
    return counts;
  }

  /**
   * Per value set (words from document 0), how many of the first `cap` members of `set` it holds:
   * the values beyond the masks' 64, tested document by document.
   */
  countInSets(set: Uint32Array, valueSets: Uint32Array[], cap: number, origin = 0): number[] {
    const found = this.firstMembers(set, cap, origin);
    return valueSets.map((words) => {
      let count = 0;
      for (let i = 0; i < found.length; i += 1) {
        const doc = found[i]!;
        count += ((words[doc >>> 5] ?? 0) >>> (doc & 31)) & 1;
      }
      return count;
    });
  }

  /** The first `cap` members of `set`, as document numbers (a view of a buffer reused by the next count). */
  private firstMembers(set: Uint32Array, cap: number, origin: number): Uint32Array {
    if (this.docs.length < cap) this.docs = new Uint32Array(cap);
    const docs = this.docs;
    let found = 0;
    scan: for (let w = 0; w < set.length; w += 1) {
      let x = set[w]!;
      while (x !== 0) {
        const lowest = x & -x;
        x ^= lowest;
        docs[found++] = origin + (w << 5) + 31 - Math.clz32(lowest);
        if (found === cap) break scan;
      }
    }
    return docs.subarray(0, found);
  }

  private countAll(docs: Uint32Array, masks: Uint32Array, wantLow: number, wantHigh: number): void {
    const histogram = this.histogram;
    for (let i = 0; i < docs.length; i += 1) {
      const doc = docs[i]!;
      const low = masks[2 * doc]! & wantLow;
      const high = masks[2 * doc + 1]! & wantHigh;
      histogram[low & 255]! += 1;
      histogram[256 + ((low >>> 8) & 255)]! += 1;
      histogram[512 + ((low >>> 16) & 255)]! += 1;
      histogram[768 + (low >>> 24)]! += 1;
      histogram[1024 + (high & 255)]! += 1;
      histogram[1280 + ((high >>> 8) & 255)]! += 1;
      histogram[1536 + ((high >>> 16) & 255)]! += 1;
      histogram[1792 + (high >>> 24)]! += 1;
    }
  }

  private countChunks(docs: Uint32Array, masks: Uint32Array, wantLow: number, wantHigh: number, chunks: number[]): void {
    const histogram = this.histogram;
    for (const chunk of chunks) {
      const word = chunk < 4 ? 0 : 1;
      const shift = (chunk & 3) * 8;
      const want = chunk < 4 ? wantLow : wantHigh;
      const row = chunk * 256;
      for (let i = 0; i < docs.length; i += 1) histogram[row + (((masks[2 * docs[i]! + word]! & want) >>> shift) & 255)]! += 1;
    }
  }
}
