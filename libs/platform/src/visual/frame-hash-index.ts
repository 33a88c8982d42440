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
}

/** 16-bit substrings: four of them, so a table is 65,536 buckets and its offsets stay at 256 KiB. */
const TABLES = 4;
const BUCKETS = 1 << 16;
/** The pigeonhole radius stops at 4 (16 bits); beyond it a probe touches most of the index. */
const MAX_DISTANCE = 16;
const MAX_HASH = (1n << 64n) - 1n;
const TWO_32 = 2 ** 32;
const NONE = -1;

/**
 * Every 16-bit XOR mask of at most 4 set bits, fewest bits first, so the masks within radius r
 * are a prefix: NEAR_MASKS[0, RADIUS_SPANS[r]) (1, 17, 137, 697, 2517 of them).
 */
const { masks: NEAR_MASKS, spans: RADIUS_SPANS } = masksByPopcount(MAX_DISTANCE / TABLES);

/**
 * Frames by their 64-bit perceptual hash, answering "which frames lie within d bits of this
 * hash" by multi-index hashing: a hash within d bits of the query has, among its four 16-bit
 * substrings, one within ⌊d/4⌋ bits of the query's (otherwise the four would differ in more than
 * d bits together), so probing the buckets within that radius in each table finds every match,
 * and the full distance sorts out the rest.
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
    const { compactFraction = 0.05, compactMinFrames = 4096 } = options;
    if (!(compactFraction > 0) || !(compactMinFrames >= 0)) throw new RangeError(`Compaction thresholds out of range: ${compactFraction}, ${compactMinFrames}`);
    return new FrameHashIndex(BaseTables.of(columns), compactFraction, compactMinFrames);
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
    const high = Number(hash >> 32n);
    const low = Number(hash & 0xffffffffn);
    const probe: Probe = { high, low, maxDistance, masks: RADIUS_SPANS[maxDistance >> 2]! };
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
    this.base = BaseTables.of(columns);
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
  /** How many of NEAR_MASKS to probe in each table. */
  masks: number;
}

/**
 * The bulk of the frames, immutable but for tombstones. Frames are stored in the order of their
 * first substring, so table 0 needs no position array (its buckets are ranges of frames) and its
 * probes read the hashes sequentially. Per frame: 8 bytes of hash, 4 of time, 4 of material slot
 * and 4 for each of tables 1-3, 28 bytes; plus 9 bytes per material and 1 MiB of offsets.
 */
class BaseTables {
  deadFrames = 0;
  deadMaterials = 0;

  private constructor(
    /** (high, low) 32-bit halves per frame. */
    private readonly hashes: Uint32Array,
    private readonly timeMs: Uint32Array,
    /** Frame → index into materialIds: a slot is what a tombstone marks. */
    private readonly slots: Uint32Array,
    /** Slot → material id, ascending, so a slot order is an id order and found by bisection. */
    readonly materialIds: Uint32Array,
    private readonly materialFrames: Uint32Array,
    private readonly dead: Uint8Array,
    /** Per table, bucket b holds entries [offsets[b], offsets[b + 1]). */
    private readonly offsets: readonly Uint32Array[],
    /** Per table, the frames of each bucket; null for table 0, whose entries are the frames. */
    private readonly positions: readonly (Uint32Array | null)[],
  ) {}

  static of(columns: FrameColumns): BaseTables {
    const count = columns.count;
    const { materialIds, slotOf } = materialSlots(columns.materialIds.subarray(0, count));
    const firstKeys = new Uint16Array(count);
    for (let i = 0; i < count; i++) firstKeys[i] = columns.hashes[2 * i]! >>> 16;
    const firstOffsets = bucketOffsets(firstKeys);
    const order = bucketPositions(firstKeys, firstOffsets);

    const hashes = new Uint32Array(2 * count);
    const timeMs = new Uint32Array(count);
    const slots = new Uint32Array(count);
    const materialFrames = new Uint32Array(materialIds.length);
    for (let at = 0; at < count; at++) {
      const from = order[at]!;
      hashes[2 * at] = columns.hashes[2 * from]!;
      hashes[2 * at + 1] = columns.hashes[2 * from + 1]!;
      timeMs[at] = columns.timeMs[from]!;
      const slot = slotOf[from]!;
      slots[at] = slot;
      materialFrames[slot]! += 1;
    }

    const offsets = [firstOffsets];
    const positions: (Uint32Array | null)[] = [null];
    const keys = firstKeys; // reused: table 0's keys are no longer needed
    for (let table = 1; table < TABLES; table++) {
      for (let i = 0; i < count; i++) keys[i] = substring(hashes[2 * i]!, hashes[2 * i + 1]!, table);
      const tableOffsets = bucketOffsets(keys);
      offsets.push(tableOffsets);
      positions.push(bucketPositions(keys, tableOffsets));
    }
    return new BaseTables(hashes, timeMs, slots, materialIds, materialFrames, new Uint8Array(materialIds.length), offsets, positions);
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

  collect(probe: Probe, best: BestFrames): void {
    const { hashes, timeMs, slots, dead, materialIds } = this;
    const { high, low, maxDistance, masks } = probe;
    for (let table = 0; table < TABLES; table++) {
      const key = substring(high, low, table);
      const offsets = this.offsets[table]!;
      const positions = this.positions[table];
      for (let m = 0; m < masks; m++) {
        const bucket = key ^ NEAR_MASKS[m]!;
        const end = offsets[bucket + 1]!;
        for (let i = offsets[bucket]!; i < end; i++) {
          const frame = positions === null ? i : positions[i]!;
          const distance = popcount32(hashes[2 * frame]! ^ high) + popcount32(hashes[2 * frame + 1]! ^ low);
          if (distance > maxDistance) continue;
          const slot = slots[frame]!;
          if (dead[slot] === 0) best.offer(materialIds[slot]!, timeMs[frame]!, distance);
        }
      }
    }
  }

  copyLiveInto(columns: FrameColumns): void {
    for (let frame = 0; frame < this.count; frame++) {
      const slot = this.slots[frame]!;
      if (this.dead[slot] === 0) columns.pushHalves(this.materialIds[slot]!, this.timeMs[frame]!, this.hashes[2 * frame]!, this.hashes[2 * frame + 1]!);
    }
  }

  memoryBytes(): number {
    const arrays = [this.hashes, this.timeMs, this.slots, this.materialIds, this.materialFrames, this.dead, ...this.offsets, ...this.positions];
    return arrays.reduce((sum, array) => sum + (array?.byteLength ?? 0), 0);
  }
}

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
  /** next[TABLES * frame + table]: the previous frame put into the same bucket of that table. */
  private next = new Int32Array(TABLES * 256);
  private readonly heads = new Int32Array(TABLES * BUCKETS).fill(NONE);
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
      for (let table = 0; table < TABLES; table++) {
        const head = table * BUCKETS + substring(high, low, table);
        this.next[TABLES * frame + table] = this.heads[head]!;
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
    const { hashes, timeMs, materialIds, dead, next, heads } = this;
    const { high, low, maxDistance, masks } = probe;
    for (let table = 0; table < TABLES; table++) {
      const key = substring(high, low, table);
      for (let m = 0; m < masks; m++) {
        for (let frame = heads[table * BUCKETS + (key ^ NEAR_MASKS[m]!)]!; frame !== NONE; frame = next[TABLES * frame + table]!) {
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
    this.next = grown(this.next, TABLES * capacity);
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

/** Substring `table` of a hash: its 16-bit quarters from the most significant down. */
function substring(high: number, low: number, table: number): number {
  switch (table) {
    case 0:
      return high >>> 16;
    case 1:
      return high & 0xffff;
    case 2:
      return low >>> 16;
    default:
      return low & 0xffff;
  }
}

/** Set bits of a 32-bit integer (SWAR: bit pairs, nibbles, then bytes summed by one multiply). */
function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function masksByPopcount(maxRadius: number): { masks: Uint16Array; spans: number[] } {
  const byRadius: number[][] = Array.from({ length: maxRadius + 1 }, () => []);
  for (let mask = 0; mask < BUCKETS; mask++) byRadius[popcount32(mask)]?.push(mask);
  const spans: number[] = [];
  let total = 0;
  for (const masks of byRadius) spans.push((total += masks.length));
  return { masks: Uint16Array.from(byRadius.flat()), spans };
}

/** CSR offsets of a table: 65,537 entries, bucket b's entries at [offsets[b], offsets[b + 1]). */
function bucketOffsets(keys: Uint16Array): Uint32Array {
  const offsets = new Uint32Array(BUCKETS + 1);
  for (let i = 0; i < keys.length; i++) offsets[keys[i]! + 1]! += 1;
  for (let bucket = 0; bucket < BUCKETS; bucket++) offsets[bucket + 1]! += offsets[bucket]!;
  return offsets;
}

/** Indices 0..n-1 grouped by key (a counting sort, ascending within a bucket). */
function bucketPositions(keys: Uint16Array, offsets: Uint32Array): Uint32Array {
  const cursor = offsets.slice(0, BUCKETS);
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
  const byLow = bucketPositions(keys, bucketOffsets(keys));
  for (let i = 0; i < ids.length; i++) keys[i] = ids[byLow[i]!]! >>> 16;
  const byHigh = bucketPositions(keys, bucketOffsets(keys));
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
