/** One indexed frame: a material (photo = one frame at 0 ms; video = many frames). */
export interface IndexedFrame {
  materialId: number;
  timeMs: number;
  /** Unsigned 64-bit perceptual hash (see differenceHash: `BigInt('0x' + hex)`). */
  hash: bigint;
}

export interface FrameMatch {
  materialId: number;
  timeMs: number;
  distance: number;
}

export interface FrameHashIndexOptions {
  /** Compact once replaced, removed and added frames exceed this share of the tables (default 5%). */
  compactFraction?: number;
  /** ...or this many frames, whichever is larger, so a small index is not rebuilt on every put. */
  compactMinFrames?: number;
  /**
   * How many substrings the built tables split a hash into: 4 of 16 bits, or 3 of 21-22 bits.
   * By default 3 from LONG_SUBSTRINGS_FROM frames up, chosen again at every compaction.
   */
  substrings?: 3 | 4;
}

/** Beyond 16 bits a probe touches most of the index. */
const MAX_DISTANCE = 16;
/**
 * From this many frames the built tables use three substrings of 21-22 bits instead of four of
 * 16 (substrings near log2(frames) bits, as Norouzi et al. advise in "Fast exact search in
 * Hamming space with multi-index hashing"). Each table keeps 6 bytes a frame, so one table fewer
 * saves 6 bytes a frame and costs 32 MiB of offsets: worth it from a few million frames, where it
 * keeps ten million frames at 30 bytes each (33 with four tables) inside the visual index's
 * memory budget. Measured at ten million random hashes, within 11 bits: 0.85 ms with three
 * tables, 0.65 ms with four (its buckets of about 150 frames are read in place).
 */
const LONG_SUBSTRINGS_FROM = 1 << 22;
const MAX_HASH = (1n << 64n) - 1n;
const TWO_32 = 2 ** 32;
const NONE = -1;

/**
 * Frames by their 64-bit perceptual hash, answering "which frames lie within d bits of this
 * hash" by multi-index hashing: a hash within d bits of the query has, among its m substrings
 * (four of 16 bits, or three of 21-22 in a large index), one within about d/m bits of the
 * query's (otherwise they would differ in more than d bits together; SubstringLayout), so
 * probing the buckets within that radius in each table finds every match, and the full distance
 * sorts out the rest.
 *
 * Bulk frames live in read-only CSR tables built at start-up; put and remove go to a small
 * overlay and tombstones instead, and the two are merged back into new tables once they grow
 * past a share of them (rebuilding ten million frames costs seconds, a publish must not).
 */
export class FrameHashIndex {
  private overlay: Overlay | null = null;

  private constructor(
    private base: BaseTables,
    private readonly compactFraction: number,
    private readonly compactMinFrames: number,
    private readonly substrings: 3 | 4 | undefined,
  ) {}

  /** Bulk load at start-up (may be 10M frames): builds the tables once. */
  static build(frames: Iterable<IndexedFrame>, options: FrameHashIndexOptions = {}): FrameHashIndex {
    const builder = new FrameHashIndexBuilder(options);
    for (const frame of frames) {
      checkHash(frame.hash);
      builder.add(frame.materialId, frame.timeMs, Number(frame.hash >> 32n), Number(frame.hash & 0xffffffffn));
    }
    return builder.build();
  }

  /** @internal The tables of a builder's frames. */
  static fromColumns(columns: FrameColumns, options: FrameHashIndexOptions): FrameHashIndex {
    const { compactFraction = 0.05, compactMinFrames = 4096, substrings } = options;
    if (!(compactFraction > 0) || !(compactMinFrames >= 0)) throw new RangeError(`Compaction thresholds out of range: ${compactFraction}, ${compactMinFrames}`);
    if (substrings !== undefined && substrings !== 3 && substrings !== 4) throw new RangeError(`A hash splits into 3 or 4 substrings, not ${String(substrings)}`);
    return new FrameHashIndex(BaseTables.of(columns, substrings), compactFraction, compactMinFrames, substrings);
  }

  /** Adds (or replaces, if the material is already indexed) all frames of one material. */
  put(materialId: number, frames: readonly { timeMs: number; hash: bigint }[]): void {
    checkMaterialId(materialId);
    // Checked before anything changes: a bad frame must not leave the material half replaced.
    for (const frame of frames) {
      checkTime(frame.timeMs);
      checkHash(frame.hash);
    }
    this.detach(materialId);
    if (frames.length > 0) (this.overlay ??= new Overlay()).append(materialId, frames);
    this.compactIfDue();
  }

  /** Removes every frame of a material (unpublished, deleted). */
  remove(materialId: number): void {
    checkMaterialId(materialId);
    this.detach(materialId);
    this.compactIfDue();
  }

  /**
   * Best frame per material within maxDistance (0..16) of hash, sorted by distance then
   * materialId then timeMs; at most `limit` materials. `accept` is asked in that order, once per
   * material, and no more once `limit` materials are accepted.
   */
  search(hash: bigint, maxDistance: number, limit: number, accept?: (materialId: number) => boolean): FrameMatch[] {
    checkHash(hash);
    if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > MAX_DISTANCE) {
      throw new RangeError(`maxDistance must be an integer from 0 to ${MAX_DISTANCE}, got ${maxDistance}`);
    }
    if (!(limit >= 0) || !(Number.isInteger(limit) || limit === Infinity)) throw new RangeError(`limit must be a count, got ${limit}`);
    if (limit === 0) return [];
    const probe: Probe = { high: Number(hash >> 32n), low: Number(hash & 0xffffffffn), maxDistance };
    const best = new BestFrames();
    this.base.collect(probe, best);
    this.overlay?.collect(probe, best);
    return best.ranked(limit, accept);
  }

  /** Live frames. */
  get size(): number {
    const overlay = this.overlay ? this.overlay.count - this.overlay.deadFrames : 0;
    return this.base.count - this.base.deadFrames + overlay;
  }

  /** Live materials. */
  get materials(): number {
    return this.base.materialIds.length - this.base.deadMaterials + (this.overlay?.materials ?? 0);
  }

  /** How many substrings the built tables split a hash into (the overlay always uses four). */
  get substringCount(): number {
    return this.base.layout.tables;
  }

  /** Frames written, replaced or removed since the tables were last built: what compact() would fold in. */
  get pendingFrames(): number {
    return this.base.deadFrames + (this.overlay?.count ?? 0);
  }

  /** Bytes held by the typed arrays (for the memory report). */
  memoryBytes(): number {
    return this.base.memoryBytes() + (this.overlay?.memoryBytes() ?? 0);
  }

  /** Rebuilds the tables from the live frames, emptying the overlay and the tombstones. */
  compact(): void {
    const columns = new FrameColumns(Math.max(this.size, 1));
    this.base.copyLiveInto(columns);
    this.overlay?.copyLiveInto(columns);
    this.base = BaseTables.of(columns, this.substrings);
    this.overlay = null;
  }

  private detach(materialId: number): void {
    this.base.kill(materialId);
    this.overlay?.drop(materialId);
  }

  private compactIfDue(): void {
    if (this.pendingFrames > Math.max(this.compactMinFrames, this.base.count * this.compactFraction)) this.compact();
  }
}

/** Hamming distance of two unsigned 64-bit hashes. */
export function hashDistance(a: bigint, b: bigint): number {
  checkHash(a);
  checkHash(b);
  const diff = a ^ b;
  return popcount32(Number(diff >> 32n)) + popcount32(Number(diff & 0xffffffffn));
}

/** A query split for the hot loops, which must not touch BigInt. */
interface Probe {
  high: number;
  low: number;
  maxDistance: number;
}

/**
 * How a hash is cut into substrings, one table each, from the most significant bit, and which
 * buckets of each table a search within d bits must probe. With m substrings and d = m·a + b
 * (0 <= b < m), a hash within d bits has one of the first b + 1 substrings within a bits of the
 * query's, or one of the others within a - 1 (were all farther, the substrings would differ by
 * (b + 1)(a + 1) + (m - b - 1)a = d + 1 bits or more): the plain pigeonhole's radius a in every
 * table probes more buckets than needed.
 */
class SubstringLayout {
  readonly tables: number;
  private readonly starts: number[] = [];
  private readonly masks: Uint32Array[];
  private readonly maskBits: Uint8Array[];
  private readonly radiusSpans: number[][];

  constructor(readonly widths: readonly number[]) {
    this.tables = widths.length;
    let start = 0;
    for (const width of widths) {
      this.starts.push(start);
      start += width;
    }
    // A substring of 16 bits or more leaves a rest of at most 48 bits: a 16-bit and a 32-bit word.
    if (start !== 64 || widths.some((width) => width < 16 || width > 22)) throw new RangeError(`Substrings must cover the 64 bits, each of 16 to 22: ${widths.join(', ')}`);
    const maxRadius = Math.floor(MAX_DISTANCE / this.tables);
    const byWidth = new Map<number, { masks: Uint32Array; spans: number[] }>();
    for (const width of new Set(widths)) byWidth.set(width, masksByPopcount(width, maxRadius));
    this.masks = widths.map((width) => byWidth.get(width)!.masks);
    this.radiusSpans = widths.map((width) => byWidth.get(width)!.spans);
    this.maskBits = this.masks.map((masks) => Uint8Array.from(masks, popcount32));
  }

  buckets(table: number): number {
    return 2 ** this.widths[table]!;
  }

  /** Substring `table` of a hash given as its unsigned 32-bit halves. */
  key(high: number, low: number, table: number): number {
    const start = this.starts[table]!;
    const width = this.widths[table]!;
    const end = start + width;
    const mask = 2 ** width - 1;
    if (end <= 32) return (high >>> (32 - end)) & mask;
    if (start >= 32) return (low >>> (64 - end)) & mask;
    // Straddling the halves: the high half's last bits, then the low half's first.
    const lowBits = end - 32;
    return (((high << lowBits) | (low >>> (32 - lowBits))) & mask) >>> 0;
  }

  /**
   * Every frame's substring `table`, from hashes stored as (high, low) pairs: key() with its
   * branches taken once for the whole table (ten million calls of key() took seconds).
   */
  fillKeys(keys: Uint32Array, hashes: Uint32Array, count: number, table: number): void {
    const start = this.starts[table]!;
    const end = start + this.widths[table]!;
    const mask = 2 ** this.widths[table]! - 1;
    if (end <= 32) {
      const shift = 32 - end;
      for (let i = 0; i < count; i++) keys[i] = (hashes[2 * i]! >>> shift) & mask;
    } else if (start >= 32) {
      const shift = 64 - end;
      for (let i = 0; i < count; i++) keys[i] = (hashes[2 * i + 1]! >>> shift) & mask;
    } else {
      const lowBits = end - 32;
      for (let i = 0; i < count; i++) keys[i] = ((hashes[2 * i]! << lowBits) | (hashes[2 * i + 1]! >>> (32 - lowBits))) & mask;
    }
  }

  /**
   * The hash's bits outside substring `table`, those above it then those below, as one number
   * below 2^48: what a table keeps of a frame beside the bucket its substring names.
   */
  restOf(high: number, low: number, table: number): number {
    const start = this.starts[table]!;
    const belowBits = 64 - start - this.widths[table]!;
    const below = belowBits >= 32 ? (belowBits === 32 ? 0 : high & (2 ** (belowBits - 32) - 1)) * TWO_32 + low : belowBits === 0 ? 0 : (low & (2 ** belowBits - 1)) >>> 0;
    const above = start === 0 ? 0 : start <= 32 ? high >>> (32 - start) : high * 2 ** (start - 32) + (low >>> (64 - start));
    return above * 2 ** belowBits + below;
  }

  /**
   * restOf for every frame, each written to its entry in bucket order (frame i to
   * `entries[keys[i]]++`) and split into its two words, with 32-bit operations for the layouts'
   * cases: a call of restOf per frame, or reading the frames in bucket order, made building ten
   * million frames two to four times slower.
   */
  scatterRests(restHigh: Uint16Array, restLow: Uint32Array, hashes: Uint32Array, keys: Uint32Array, entries: Uint32Array, table: number): void {
    const start = this.starts[table]!;
    const belowBits = 64 - start - this.widths[table]!;
    const count = keys.length;
    if (start === 0 && belowBits > 32) {
      const mask = 2 ** (belowBits - 32) - 1;
      for (let i = 0; i < count; i++) {
        const at = entries[keys[i]!]!++;
        restHigh[at] = hashes[2 * i]! & mask;
        restLow[at] = hashes[2 * i + 1]!;
      }
    } else if (belowBits === 32) {
      for (let i = 0; i < count; i++) {
        const at = entries[keys[i]!]!++;
        restHigh[at] = hashes[2 * i]! >>> (32 - start);
        restLow[at] = hashes[2 * i + 1]!;
      }
    } else if (belowBits > 0 && start > 0 && start <= 32) {
      const mask = 2 ** belowBits - 1;
      for (let i = 0; i < count; i++) {
        const at = entries[keys[i]!]!++;
        const above = start === 32 ? hashes[2 * i]! : hashes[2 * i]! >>> (32 - start);
        restHigh[at] = above >>> (32 - belowBits);
        restLow[at] = (above << belowBits) | (hashes[2 * i + 1]! & mask);
      }
    } else if (belowBits === 0 && start > 32) {
      for (let i = 0; i < count; i++) {
        const at = entries[keys[i]!]!++;
        const high = hashes[2 * i]!;
        restHigh[at] = high >>> (64 - start);
        restLow[at] = (high << (start - 32)) | (hashes[2 * i + 1]! >>> (64 - start));
      }
    } else {
      for (let i = 0; i < count; i++) {
        const at = entries[keys[i]!]!++;
        const rest = this.restOf(hashes[2 * i]!, hashes[2 * i + 1]!, table);
        restHigh[at] = Math.floor(rest / TWO_32);
        restLow[at] = rest >>> 0;
      }
    }
  }

  /** The whole hash of substring `key` and rest `rest` of table `table`. */
  hashOf(key: number, rest: number, table: number): { high: number; low: number } {
    const start = this.starts[table]!;
    const belowBits = 64 - start - this.widths[table]!;
    const above = Math.floor(rest / 2 ** belowBits);
    const below = rest - above * 2 ** belowBits;
    const hash = (BigInt(above) << BigInt(64 - start)) | (BigInt(key) << BigInt(belowBits)) | BigInt(below);
    return { high: Number(hash >> 32n), low: Number(hash & 0xffffffffn) };
  }

  /** The XOR masks of table `table`, fewest set bits first. */
  masksOf(table: number): Uint32Array {
    return this.masks[table]!;
  }

  /** How many bits each of masksOf(table) sets. */
  maskBitsOf(table: number): Uint8Array {
    return this.maskBits[table]!;
  }

  /** Per table, how many of its masks (a prefix) a search within maxDistance bits probes. */
  spans(maxDistance: number): number[] {
    const a = Math.floor(maxDistance / this.tables);
    const b = maxDistance % this.tables;
    return this.radiusSpans.map((spans, table) => {
      const radius = table <= b ? a : a - 1;
      return radius < 0 ? 0 : spans[radius]!;
    });
  }
}

const QUARTERS = new SubstringLayout([16, 16, 16, 16]);
const THIRDS = new SubstringLayout([22, 21, 21]);

function layoutFor(frames: number, substrings: 3 | 4 | undefined): SubstringLayout {
  return (substrings ?? (frames >= LONG_SUBSTRINGS_FROM ? 3 : 4)) === 3 ? THIRDS : QUARTERS;
}

/**
 * The bulk of the frames, immutable but for tombstones. Each table keeps, bucket by bucket, the
 * rest of every frame's hash (the bits outside its substring, which the bucket stands for) in a
 * 16-bit and a 32-bit array, so a probe reads a bucket's frames in place instead of following a
 * position to the hash (a cache miss per frame at ten million frames). Table 0 also keeps each
 * frame's time and material slot; a frame found through another table is looked up there by its
 * whole hash. Per frame: 6 bytes a table, 4 of time and 4 of material slot, 26 bytes with three
 * substrings and 32 with four; plus 9 bytes per material and the offsets (1 MiB for four 16-bit
 * tables, 32 MiB for three long ones).
 */
class BaseTables {
  deadFrames = 0;
  deadMaterials = 0;

  private constructor(
    readonly layout: SubstringLayout,
    /** Per table, bucket b holds entries [offsets[b], offsets[b + 1]). */
    private readonly offsets: readonly Uint32Array[],
    /** Per table and entry, the rest of the hash: its bits above 32, then its low 32 bits. */
    private readonly restHigh: readonly Uint16Array[],
    private readonly restLow: readonly Uint32Array[],
    /** Per entry of table 0. */
    private readonly timeMs: Uint32Array,
    /** Entry of table 0 → index into materialIds: a slot is what a tombstone marks. */
    private readonly slots: Uint32Array,
    /** Slot → material id, ascending, so a slot order is an id order and found by bisection. */
    readonly materialIds: Uint32Array,
    private readonly materialFrames: Uint32Array,
    private readonly dead: Uint8Array,
  ) {}

  static of(columns: FrameColumns, substrings: 3 | 4 | undefined): BaseTables {
    const count = columns.count;
    const layout = layoutFor(count, substrings);
    const { materialIds, slotOf } = materialSlots(columns.materialIds.subarray(0, count));
    const keys = new Uint32Array(count);
    const offsets: Uint32Array[] = [];
    const restHigh: Uint16Array[] = [];
    const restLow: Uint32Array[] = [];
    const timeMs = new Uint32Array(count);
    const slots = new Uint32Array(count);
    const materialFrames = new Uint32Array(materialIds.length);
    for (let table = 0; table < layout.tables; table++) {
      layout.fillKeys(keys, columns.hashes, count, table);
      const tableOffsets = bucketOffsets(keys, layout.buckets(table));
      const high = new Uint16Array(count);
      const low = new Uint32Array(count);
      layout.scatterRests(high, low, columns.hashes, keys.subarray(0, count), tableOffsets.slice(0, -1), table);
      offsets.push(tableOffsets);
      restHigh.push(high);
      restLow.push(low);
      if (table > 0) continue;
      // Table 0's entries also keep their frames' times and material slots.
      const entries = tableOffsets.slice(0, -1);
      for (let i = 0; i < count; i++) {
        const at = entries[keys[i]!]!++;
        timeMs[at] = columns.timeMs[i]!;
        const slot = slotOf[i]!;
        slots[at] = slot;
        materialFrames[slot]! += 1;
      }
    }
    return new BaseTables(layout, offsets, restHigh, restLow, timeMs, slots, materialIds, materialFrames, new Uint8Array(materialIds.length));
  }

  get count(): number {
    return this.timeMs.length;
  }

  /** Tombstones the material's frames, if it has live ones here. */
  kill(materialId: number): void {
    const slot = bisect(this.materialIds, materialId);
    if (this.materialIds[slot] !== materialId || this.dead[slot]) return;
    this.dead[slot] = 1;
    this.deadFrames += this.materialFrames[slot]!;
    this.deadMaterials += 1;
  }

  /**
   * Probes each table in two passes, bucket bounds first and then the buckets' entries, each a
   * loop of loads that do not wait on one another: at ten million frames every bucket is a cache
   * miss, and a loop that reached each bucket's entries through its bounds waited for every one.
   */
  collect(probe: Probe, best: BestFrames): void {
    const { layout } = this;
    const { high, low, maxDistance } = probe;
    const spans = layout.spans(maxDistance);
    // Whole hashes found, as "high:low": a frame found in several tables is looked up once.
    const found = new Set<string>();
    for (let table = 0; table < layout.tables; table++) {
      const span = spans[table]!;
      if (span === 0) continue;
      const key = layout.key(high, low, table);
      const rest = layout.restOf(high, low, table);
      const queryHigh = Math.floor(rest / TWO_32);
      const queryLow = rest >>> 0;
      const masks = layout.masksOf(table);
      const maskBits = layout.maskBitsOf(table);
      const offsets = this.offsets[table]!;
      const restHigh = this.restHigh[table]!;
      const restLow = this.restLow[table]!;
      const bounds = scratch.bounds(2 * span);
      for (let m = 0; m < span; m++) {
        const bucket = key ^ masks[m]!;
        bounds[2 * m] = offsets[bucket]!;
        bounds[2 * m + 1] = offsets[bucket + 1]!;
      }
      for (let m = 0; m < span; m++) {
        const within = maxDistance - maskBits[m]!;
        const end = bounds[2 * m + 1]!;
        for (let i = bounds[2 * m]!; i < end; i++) {
          const distance = popcount32(restHigh[i]! ^ queryHigh) + popcount32(restLow[i]! ^ queryLow);
          if (distance > within) continue;
          if (table === 0) this.offerEntry(i, key ^ masks[m]!, maskBits[m]! + distance, best, found);
          else this.offerHash(layout.hashOf(key ^ masks[m]!, restHigh[i]! * TWO_32 + restLow[i]!, table), maskBits[m]! + distance, best, found);
        }
      }
    }
  }

  /** Table 0's entry `at`, in `bucket`, found within the distance. */
  private offerEntry(at: number, bucket: number, distance: number, best: BestFrames, found: Set<string>): void {
    const slot = this.slots[at]!;
    found.add(hashName(this.layout.hashOf(bucket, this.restHigh[0]![at]! * TWO_32 + this.restLow[0]![at]!, 0)));
    if (this.dead[slot] === 0) best.offer(this.materialIds[slot]!, this.timeMs[at]!, distance);
  }

  /** Every frame of this whole hash (found through table 1 or later), from table 0. */
  private offerHash(hash: { high: number; low: number }, distance: number, best: BestFrames, found: Set<string>): void {
    const name = hashName(hash);
    if (found.has(name)) return;
    found.add(name);
    const rest = this.layout.restOf(hash.high, hash.low, 0);
    const high = Math.floor(rest / TWO_32);
    const low = rest >>> 0;
    const bucket = this.layout.key(hash.high, hash.low, 0);
    const end = this.offsets[0]![bucket + 1]!;
    for (let at = this.offsets[0]![bucket]!; at < end; at++) {
      if (this.restHigh[0]![at] !== high || this.restLow[0]![at] !== low) continue;
      const slot = this.slots[at]!;
      if (this.dead[slot] === 0) best.offer(this.materialIds[slot]!, this.timeMs[at]!, distance);
    }
  }

  copyLiveInto(columns: FrameColumns): void {
    const offsets = this.offsets[0]!;
    for (let bucket = 0, buckets = offsets.length - 1; bucket < buckets; bucket++) {
      for (let at = offsets[bucket]!, end = offsets[bucket + 1]!; at < end; at++) {
        const slot = this.slots[at]!;
        if (this.dead[slot] !== 0) continue;
        const { high, low } = this.layout.hashOf(bucket, this.restHigh[0]![at]! * TWO_32 + this.restLow[0]![at]!, 0);
        columns.pushHalves(this.materialIds[slot]!, this.timeMs[at]!, high, low);
      }
    }
  }

  memoryBytes(): number {
    const arrays = [this.timeMs, this.slots, this.materialIds, this.materialFrames, this.dead, ...this.offsets, ...this.restHigh, ...this.restLow];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0);
  }
}

const hashName = ({ high, low }: { high: number; low: number }) => `${high}:${low}`;

/**
 * Work arrays of the probes, shared: a search runs start to end without yielding, so no two use
 * them at once. They grow to the largest probe seen (35,443 buckets of a 22-bit table within 5 bits).
 */
const scratch = new (class ProbeScratch {
  private boundsArray = new Uint32Array(1024);

  bounds(length: number): Uint32Array {
    if (this.boundsArray.length < length) this.boundsArray = new Uint32Array(Math.max(length, 2 * this.boundsArray.length));
    return this.boundsArray;
  }
})();

const OVERLAY_TABLES = 4;
const OVERLAY_BUCKETS = 1 << 16;

/**
 * Frames put since the last build: appended, never moved, and chained per table by bucket
 * (heads + next links, one Int32 each), so a probe visits the same buckets as in the base tables
 * without scanning the overlay. A replaced or removed material's frames are only flagged dead
 * here; compaction drops them.
 */
class Overlay {
  count = 0;
  deadFrames = 0;
  private hashes = new Uint32Array(2 * 256);
  private timeMs = new Uint32Array(256);
  private materialIds = new Uint32Array(256);
  private dead = new Uint8Array(256);
  /** next[OVERLAY_TABLES * frame + table]: the previous frame put into the same bucket of that table. */
  private next = new Int32Array(OVERLAY_TABLES * 256);
  private readonly heads = new Int32Array(OVERLAY_TABLES * OVERLAY_BUCKETS).fill(NONE);
  /** Always four 16-bit substrings: the overlay is small, and 2^22-entry heads would not be. */
  private readonly layout = QUARTERS;
  /** Material → its frames [start, start + count): put appends a material's frames together. */
  private readonly ranges = new Map<number, { start: number; count: number }>();

  get materials(): number {
    return this.ranges.size;
  }

  append(materialId: number, frames: readonly { timeMs: number; hash: bigint }[]): void {
    this.reserve(this.count + frames.length);
    this.ranges.set(materialId, { start: this.count, count: frames.length });
    for (const { timeMs, hash } of frames) {
      const frame = this.count++;
      const high = Number(hash >> 32n);
      const low = Number(hash & 0xffffffffn);
      this.hashes[2 * frame] = high;
      this.hashes[2 * frame + 1] = low;
      this.timeMs[frame] = timeMs;
      this.materialIds[frame] = materialId;
      for (let table = 0; table < OVERLAY_TABLES; table++) {
        const head = table * OVERLAY_BUCKETS + this.layout.key(high, low, table);
        this.next[OVERLAY_TABLES * frame + table] = this.heads[head]!;
        this.heads[head] = frame;
      }
    }
  }

  drop(materialId: number): void {
    const range = this.ranges.get(materialId);
    if (!range) return;
    this.dead.fill(1, range.start, range.start + range.count);
    this.deadFrames += range.count;
    this.ranges.delete(materialId);
  }

  collect(probe: Probe, best: BestFrames): void {
    const { hashes, timeMs, materialIds, dead, next, heads, layout } = this;
    const { high, low, maxDistance } = probe;
    const spans = layout.spans(maxDistance);
    for (let table = 0; table < OVERLAY_TABLES; table++) {
      const key = layout.key(high, low, table);
      const masks = layout.masksOf(table);
      for (let m = 0, span = spans[table]!; m < span; m++) {
        for (let frame = heads[table * OVERLAY_BUCKETS + (key ^ masks[m]!)]!; frame !== NONE; frame = next[OVERLAY_TABLES * frame + table]!) {
          const distance = popcount32(hashes[2 * frame]! ^ high) + popcount32(hashes[2 * frame + 1]! ^ low);
          if (distance <= maxDistance && dead[frame] === 0) best.offer(materialIds[frame]!, timeMs[frame]!, distance);
        }
      }
    }
  }

  copyLiveInto(columns: FrameColumns): void {
    for (let frame = 0; frame < this.count; frame++) {
      if (this.dead[frame] === 0) columns.pushHalves(this.materialIds[frame]!, this.timeMs[frame]!, this.hashes[2 * frame]!, this.hashes[2 * frame + 1]!);
    }
  }

  memoryBytes(): number {
    return [this.hashes, this.timeMs, this.materialIds, this.dead, this.next, this.heads].reduce((sum, array) => sum + array.byteLength, 0);
  }

  private reserve(frames: number): void {
    if (frames <= this.timeMs.length) return;
    const capacity = Math.max(frames, 2 * this.timeMs.length);
    this.hashes = grown(this.hashes, 2 * capacity);
    this.timeMs = grown(this.timeMs, capacity);
    this.materialIds = grown(this.materialIds, capacity);
    this.dead = grown(this.dead, capacity);
    this.next = grown(this.next, OVERLAY_TABLES * capacity);
  }
}

/** Frames gathered column by column before a build, growing by doubling. */
class FrameColumns {
  count = 0;
  hashes: Uint32Array;
  timeMs: Uint32Array;
  materialIds: Uint32Array;

  constructor(capacity: number) {
    this.hashes = new Uint32Array(2 * capacity);
    this.timeMs = new Uint32Array(capacity);
    this.materialIds = new Uint32Array(capacity);
  }

  push(materialId: number, timeMs: number, hash: bigint): void {
    this.pushHalves(materialId, timeMs, Number(hash >> 32n), Number(hash & 0xffffffffn));
  }

  pushHalves(materialId: number, timeMs: number, high: number, low: number): void {
    if (this.count === this.timeMs.length) {
      const capacity = 2 * this.count;
      this.hashes = grown(this.hashes, 2 * capacity);
      this.timeMs = grown(this.timeMs, capacity);
      this.materialIds = grown(this.materialIds, capacity);
    }
    const at = this.count++;
    this.hashes[2 * at] = high;
    this.hashes[2 * at + 1] = low;
    this.timeMs[at] = timeMs;
    this.materialIds[at] = materialId;
  }
}

/**
 * Collects the frames of a bulk load straight into typed columns (20 bytes a frame), each hash as
 * its two unsigned 32-bit halves: ten million frames read from a database never exist as ten
 * million objects and bigints at once.
 */
export class FrameHashIndexBuilder {
  private readonly columns = new FrameColumns(1024);

  constructor(private readonly options: FrameHashIndexOptions = {}) {}

  add(materialId: number, timeMs: number, high: number, low: number): void {
    checkMaterialId(materialId);
    checkTime(timeMs);
    if (!isUint32(high) || !isUint32(low)) throw new RangeError(`A frame hash's halves must be unsigned 32-bit integers, got ${high}, ${low}`);
    this.columns.pushHalves(materialId, timeMs, high, low);
  }

  get count(): number {
    return this.columns.count;
  }

  build(): FrameHashIndex {
    return FrameHashIndex.fromColumns(this.columns, this.options);
  }
}

/**
 * Best frame per material among the matches: distance·2³² + timeMs in one number (exact below
 * 2⁵³), so the smaller number is the better frame, ties going to the earlier one. A frame near
 * the query in several substrings is offered once per table; keeping the minimum absorbs that.
 */
class BestFrames {
  private readonly best = new Map<number, number>();

  offer(materialId: number, timeMs: number, distance: number): void {
    const packed = distance * TWO_32 + timeMs;
    const current = this.best.get(materialId);
    if (current === undefined || packed < current) this.best.set(materialId, packed);
  }

  ranked(limit: number, accept?: (materialId: number) => boolean): FrameMatch[] {
    const matches: FrameMatch[] = [];
    for (const [materialId, packed] of this.best) {
      matches.push({ materialId, timeMs: packed % TWO_32, distance: Math.floor(packed / TWO_32) });
    }
    matches.sort((a, b) => a.distance - b.distance || a.materialId - b.materialId || a.timeMs - b.timeMs);
    if (!accept) return matches.length > limit ? matches.slice(0, limit) : matches;
    const accepted: FrameMatch[] = [];
    for (const match of matches) {
      if (accepted.length >= limit) break;
      if (accept(match.materialId)) accepted.push(match);
    }
    return accepted;
  }
}

/** Set bits of a 32-bit integer (SWAR: bit pairs, nibbles, then bytes summed by one multiply). */
function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Every `width`-bit XOR mask of at most maxRadius set bits, fewest bits first, so the masks
 * within radius r are a prefix [0, spans[r]) (for 16 bits: 1, 17, 137, 697, 2517 of them).
 */
function masksByPopcount(width: number, maxRadius: number): { masks: Uint32Array; spans: number[] } {
  const masks: number[] = [];
  const spans: number[] = [];
  // Masks of exactly `bits` set bits, built from the highest set bit down.
  const extend = (mask: number, bits: number, below: number) => {
    if (bits === 0) {
      masks.push(mask);
      return;
    }
    for (let bit = below - 1; bit >= bits - 1; bit--) extend(mask | (1 << bit), bits - 1, bit);
  };
  for (let bits = 0; bits <= Math.min(maxRadius, width); bits++) {
    extend(0, bits, width);
    spans.push(masks.length);
  }
  return { masks: Uint32Array.from(masks), spans };
}

/** CSR offsets of a table of `buckets` keys: bucket b's entries at [offsets[b], offsets[b + 1]). */
function bucketOffsets(keys: Uint16Array | Uint32Array, buckets: number): Uint32Array {
  const offsets = new Uint32Array(buckets + 1);
  for (let i = 0; i < keys.length; i++) offsets[keys[i]! + 1]! += 1;
  for (let bucket = 0; bucket < buckets; bucket++) offsets[bucket + 1]! += offsets[bucket]!;
  return offsets;
}

/** Indices 0..n-1 grouped by key (a counting sort, ascending within a bucket). */
function bucketPositions(keys: Uint16Array | Uint32Array, offsets: Uint32Array): Uint32Array {
  const cursor = offsets.slice(0, offsets.length - 1);
  const positions = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) positions[cursor[keys[i]!]!++] = i;
  return positions;
}

/**
 * The distinct material ids ascending, and each frame's index among them: the frames ordered by
 * id with two stable 16-bit counting sorts (low half, then high half), then numbered in one
 * pass. Sorting the ids and bisecting them once per frame took seconds at ten million frames.
 */
function materialSlots(ids: Uint32Array): { materialIds: Uint32Array; slotOf: Uint32Array } {
  const keys = new Uint16Array(ids.length);
  for (let i = 0; i < ids.length; i++) keys[i] = ids[i]! & 0xffff;
  const byLow = bucketPositions(keys, bucketOffsets(keys, 1 << 16));
  for (let i = 0; i < ids.length; i++) keys[i] = ids[byLow[i]!]! >>> 16;
  const byHigh = bucketPositions(keys, bucketOffsets(keys, 1 << 16));
  const slotOf = new Uint32Array(ids.length);
  let distinct = 0;
  for (let i = 0; i < ids.length; i++) {
    const frame = byLow[byHigh[i]!]!;
    if (distinct === 0 || ids[frame] !== byHigh[distinct - 1]) byHigh[distinct++] = ids[frame]!; // byHigh[0, i) is read no more
    slotOf[frame] = distinct - 1;
  }
  return { materialIds: byHigh.slice(0, distinct), slotOf };
}

/** The first index of `sorted` holding `value` or more. */
function bisect(sorted: Uint32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function grown<T extends Uint32Array | Int32Array | Uint8Array>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}

function checkHash(hash: bigint): void {
  if (typeof hash !== 'bigint' || hash < 0n || hash > MAX_HASH) throw new RangeError(`A frame hash must be an unsigned 64-bit bigint, got ${String(hash)}`);
}

function checkMaterialId(materialId: number): void {
  if (!isUint32(materialId)) throw new RangeError(`A material id must be an integer from 0 to 2^32-1, got ${materialId}`);
}

function checkTime(timeMs: number): void {
  if (!isUint32(timeMs)) throw new RangeError(`A frame time must be whole milliseconds from 0 to 2^32-1, got ${timeMs}`);
}

function isUint32(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 0xffffffff;
}
