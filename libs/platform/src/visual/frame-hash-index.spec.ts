import { seededRandom } from '../random/seeded-random.js';
import { FrameHashIndex, FrameHashIndexBuilder, hashDistance, type FrameHashIndexOptions, type FrameMatch, type IndexedFrame } from './frame-hash-index.js';

const MAX_HASH = (1n << 64n) - 1n;

class Dice {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  hash(): bigint {
    return (BigInt(this.below(2 ** 32)) << 32n) | BigInt(this.below(2 ** 32));
  }

  /**
   * `hash` with `bits` distinct bits flipped: anywhere; spread round-robin over the four 16-bit
   * quarters (every substring as far from the original as the pigeonhole allows); spread over
   * three quarters with the fourth exact (3, 6, 9 or 12 bits leave only that one substring
   * within the probe radius, so only its table finds the frame); or crowded into one quarter.
   */
  flip(hash: bigint, bits: number, mode = this.below(4)): bigint {
    const flipped = new Set<number>();
    const exact = this.below(4);
    const others = [0, 1, 2, 3].filter((quarter) => quarter !== exact);
    while (flipped.size < Math.min(bits, mode === 3 ? 16 : 64)) {
      if (mode === 0) flipped.add(this.below(64));
      else if (mode === 1) flipped.add(16 * (flipped.size % 4) + this.below(16));
      else if (mode === 2) flipped.add(16 * others[flipped.size % 3]! + this.below(16));
      else flipped.add(16 * exact + this.below(16));
    }
    let result = hash;
    for (const bit of flipped) result ^= 1n << BigInt(bit);
    return result;
  }
}

interface Frame {
  timeMs: number;
  hash: bigint;
}

/** A frame as the oracle keeps it: the hash split once, so the scan runs on plain numbers. */
interface OracleFrame extends Frame {
  high: number;
  low: number;
}

/** The oracle: every live material's frames, searched by brute force. */
class Model {
  readonly materials = new Map<number, OracleFrame[]>();

  get size(): number {
    let frames = 0;
    for (const list of this.materials.values()) frames += list.length;
    return frames;
  }

  put(materialId: number, frames: Frame[]): void {
    if (frames.length === 0) this.materials.delete(materialId);
    else this.materials.set(materialId, frames.map(({ timeMs, hash }) => ({ timeMs, hash, high: Number(hash >> 32n), low: Number(hash & 0xffffffffn) })));
  }

  frames(): IndexedFrame[] {
    return [...this.materials].flatMap(([materialId, frames]) => frames.map(({ timeMs, hash }) => ({ materialId, timeMs, hash })));
  }

  /** Each material's best frame at every distance, for one query: reused for every maxDistance. */
  nearest(query: bigint): FrameMatch[] {
    const high = Number(query >> 32n);
    const low = Number(query & 0xffffffffn);
    const best: FrameMatch[] = [];
    for (const [materialId, frames] of this.materials) {
      let top: FrameMatch | null = null;
      for (const frame of frames) {
        const distance = tableBits(frame.high ^ high) + tableBits(frame.low ^ low);
        if (!top || distance < top.distance || (distance === top.distance && frame.timeMs < top.timeMs)) top = { materialId, timeMs: frame.timeMs, distance };
      }
      best.push(top!);
    }
    return best.sort((a, b) => a.distance - b.distance || a.materialId - b.materialId);
  }
}

function expected(nearest: FrameMatch[], maxDistance: number, limit: number, accept?: (materialId: number) => boolean): FrameMatch[] {
  return nearest.filter((match) => match.distance <= maxDistance && (!accept || accept(match.materialId))).slice(0, limit);
}

/** Set bits by a byte table: deliberately not the implementation's SWAR popcount. */
const BYTE_BITS = Uint8Array.from({ length: 256 }, (_, byte) => [...byte.toString(2)].filter((bit) => bit === '1').length);

function tableBits(word: number): number {
  return BYTE_BITS[word & 0xff]! + BYTE_BITS[(word >>> 8) & 0xff]! + BYTE_BITS[(word >>> 16) & 0xff]! + BYTE_BITS[word >>> 24]!;
}

function bitLoopDistance(a: bigint, b: bigint): number {
  let count = 0;
  for (let bit = 0n; bit < 64n; bit++) if (((a ^ b) >> bit) & 1n) count++;
  return count;
}

/** Material ids spread over the whole unsigned 32-bit range: the 3,000th is near 2^32, later ones wrap round. */
const materialId = (n: number) => (17 + n * 1_431_655) % 2 ** 32;

/**
 * Frames the way a catalogue has them: videos of recurring scenes (frames a few bits from the
 * scene, static shots repeating a hash), copies of other materials (1-6 bits off), photos and
 * unrelated footage (random hashes).
 */
function framesFor(dice: Dice, scenes: readonly bigint[], model: Model): Frame[] {
  const others = [...model.materials.values()];
  const kind = dice.below(10);
  if (kind < 4) {
    const scene = dice.pick(scenes);
    const frames: Frame[] = [];
    let timeMs = dice.below(1000);
    for (let i = 1 + dice.below(20); i > 0; i--) {
      const hash = frames.length > 0 && dice.chance(0.2) ? frames.at(-1)!.hash : dice.flip(scene, dice.below(7));
      frames.push({ timeMs, hash });
      timeMs += 40 * (1 + dice.below(100));
    }
    // Out of time order, as a caller may hand them over: the earliest frame must still win ties.
    return dice.chance(0.5) ? frames.reverse() : frames;
  }
  if (kind < 6 && others.length > 0) {
    const shift = dice.below(5000);
    return dice.pick(others).map((frame) => ({ timeMs: frame.timeMs + shift, hash: dice.flip(frame.hash, 1 + dice.below(6)) }));
  }
  if (kind < 8) return [{ timeMs: 0, hash: dice.chance(0.5) ? dice.flip(dice.pick(scenes), dice.below(5)) : dice.hash() }];
  return Array.from({ length: 1 + dice.below(20) }, (_, i) => ({ timeMs: i * 500, hash: dice.hash() }));
}

/**
 * Queries near live frames (0-12 bits off, a third of them with one substring exact and the
 * others just past the probe radius), near scenes, or anywhere. `recent`: materials put since
 * the build, so queries land in the overlay as often as in the tables.
 */
function queriesFor(dice: Dice, scenes: readonly bigint[], model: Model, count: number, recent: readonly number[] = []): bigint[] {
  const ids = [...model.materials.keys()];
  const live = recent.filter((id) => model.materials.has(id));
  return Array.from({ length: count }, () => {
    const kind = dice.below(10);
    if (kind < 6) {
      const frame = dice.pick(model.materials.get(live.length > 0 && dice.chance(0.5) ? dice.pick(live) : dice.pick(ids))!);
      return dice.chance(0.3) ? dice.flip(frame.hash, 3 * (1 + dice.below(4)), 2) : dice.flip(frame.hash, dice.below(13));
    }
    if (kind < 8) return dice.flip(dice.pick(scenes), dice.below(9));
    return dice.hash();
  });
}

const DISTANCES = [0, 3, 6, 8, 10, 12];
const LIMITS = [Infinity, 10, 3, 1];
const notMultipleOf3 = (id: number) => id % 3 !== 0;

/** Every query at every distance, with and without a limit and a filter, against brute force. */
function expectMatchesOracle(index: FrameHashIndex, model: Model, queries: readonly bigint[]): void {
  expect(index.size).toBe(model.size);
  expect(index.materials).toBe(model.materials.size);
  queries.forEach((query, q) => {
    const nearest = model.nearest(query);
    const limit = LIMITS[q % LIMITS.length]!;
    const accept = q % 5 === 0 ? notMultipleOf3 : undefined;
    for (const maxDistance of DISTANCES) {
      const found = index.search(query, maxDistance, limit, accept);
      const wanted = expected(nearest, maxDistance, limit, accept);
      if (found.length !== wanted.length || found.some((match, i) => match.materialId !== wanted[i]!.materialId || match.timeMs !== wanted[i]!.timeMs || match.distance !== wanted[i]!.distance)) {
        // Only on failure, so the diff names the query instead of drowning in passing assertions.
        expect({ query: query.toString(16), maxDistance, limit, found }).toEqual({ query: query.toString(16), maxDistance, limit, found: wanted });
      }
    }
  });
}

describe('FrameHashIndex against a brute-force scan', () => {
  const dice = new Dice(20240611);
  const scenes = Array.from({ length: 400 }, () => dice.hash());
  const model = new Model();
  for (let n = 0; n < 3000; n++) model.put(materialId(n), framesFor(dice, scenes, model));

  it('builds a catalogue of realistic size and shape', () => {
    expect(model.materials.size).toBe(3000);
    expect(model.size).toBeGreaterThan(15_000);
  });

  it.each<[string, FrameHashIndexOptions]>([
    // Nothing compacted until asked: the searches read the overlay and tombstones throughout.
    ['with every update in the overlay until compact()', { compactMinFrames: Infinity }],
    // 5% of ~20,000 frames: put and remove compact several times on their own.
    ['compacting on its own at 5%', { compactMinFrames: 0 }],
    // The tables of a large index (three substrings of 22, 21 and 21 bits), with the overlay's four.
    ['with three long substrings, every update in the overlay until compact()', { compactMinFrames: Infinity, substrings: 3 }],
    ['with three long substrings, compacting on its own at 5%', { compactMinFrames: 0, substrings: 3 }],
  ])('finds exactly what the scan finds, %s, through puts and removes', (_name, options) => {
    const run = new Dice(7);
    const live = new Model();
    for (const [id, frames] of model.materials) live.put(id, frames);
    const index = FrameHashIndex.build(live.frames(), options);
    expectMatchesOracle(index, live, queriesFor(run, scenes, live, 300));

    const removed: number[] = [];
    const recent: number[] = [];
    let fresh = 3000;
    let compactions = 0;
    for (let checkpoint = 0; checkpoint < 3; checkpoint++) {
      for (let op = 0; op < 100; op++) {
        const pending = index.pendingFrames;
        const ids = [...live.materials.keys()];
        const roll = run.below(20);
        if (roll < 7) {
          const id = removed.length > 0 && run.chance(0.3) ? removed.splice(run.below(removed.length), 1)[0]! : materialId(fresh++);
          const frames = framesFor(run, scenes, live);
          index.put(id, frames);
          live.put(id, frames);
          recent.push(id);
        } else if (roll < 14) {
          const id = run.pick(ids);
          const frames = framesFor(run, scenes, live);
          index.put(id, frames);
          live.put(id, frames);
          recent.push(id);
        } else if (roll < 19) {
          const id = run.pick(ids);
          index.remove(id);
          live.put(id, []);
          removed.push(id);
        } else if (run.chance(0.5)) {
          index.remove(materialId(fresh++)); // never indexed: nothing happens
        } else {
          const id = run.pick(ids);
          index.put(id, []); // no frames left: the same as removing it
          live.put(id, []);
          removed.push(id);
        }
        if (index.pendingFrames < pending) compactions++;
      }
      expectMatchesOracle(index, live, queriesFor(run, scenes, live, 300, recent));
    }

    if (options.compactMinFrames === Infinity) {
      expect(compactions).toBe(0);
      expect(index.pendingFrames).toBeGreaterThan(live.size * 0.05);
      index.compact();
      expect(index.pendingFrames).toBe(0);
      expectMatchesOracle(index, live, queriesFor(run, scenes, live, 300, recent));
    } else {
      expect(compactions).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('FrameHashIndex probes', () => {
  /**
   * For every radius r and every 16-bit mask m of at most r bits, in every quarter: a frame equal
   * to the query but for m in that quarter and r + 1 bits in each other one, so at distance
   * 4r + 3 only that quarter's table, probed at bucket query ^ m, can find it.
   */
  const query = 0xfedc_ba98_7654_3210n;
  const isolated = (radius: number) =>
    Array.from({ length: 1 << 16 }, (_, mask) => mask)
      .filter((mask) => tableBits(mask) <= radius)
      .flatMap((mask) =>
        [0, 1, 2, 3].map((quarter) => {
          let hash = query ^ (BigInt(mask) << BigInt(16 * quarter));
          for (const other of [0, 1, 2, 3].filter((q) => q !== quarter)) hash ^= BigInt(((1 << (radius + 1)) - 1) << (mask % (16 - radius))) << BigInt(16 * other);
          return { timeMs: mask, hash, distance: tableBits(mask) + 3 * (radius + 1) };
        }),
      );

  it.each([0, 1, 2, 3])('reaches every bucket within radius %i of every substring, in the tables and in the overlay', (radius) => {
    const frames = isolated(radius).map((frame, i) => ({ materialId: i, ...frame }));
    expect(frames).toHaveLength(4 * [1, 17, 137, 697][radius]!);
    const wanted = frames.map(({ materialId, timeMs, distance }) => ({ materialId, timeMs, distance })).sort((a, b) => a.distance - b.distance || a.materialId - b.materialId);
    const built = FrameHashIndex.build(frames);
    expect(built.search(query, 4 * radius + 3, Infinity)).toEqual(wanted);
    const overlaid = FrameHashIndex.build([]);
    for (const { materialId, timeMs, hash } of frames) overlaid.put(materialId, [{ timeMs, hash }]);
    expect(overlaid.pendingFrames).toBe(frames.length);
    expect(overlaid.search(query, 4 * radius + 3, Infinity)).toEqual(wanted);
    // A bit less and the frames of r-bit masks drop out, though their buckets are still probed.
    expect(built.search(query, 4 * radius + 2, Infinity)).toEqual(wanted.filter((match) => match.distance <= 4 * radius + 2));
  });
});

describe('FrameHashIndex probes with three long substrings', () => {
  /**
   * As above for the layout of large indexes (substrings of 22, 21 and 21 bits from the most
   * significant bit, the second straddling the two 32-bit halves): at distance 3r + 2 each table
   * is probed within r bits, and a frame r + 1 bits off in two substrings is only in the third's reach.
   */
  const query = 0x9e37_79b9_7f4a_7c15n;
  const widths = [22, 21, 21];
  const shiftOf = (table: number) => 64 - widths.slice(0, table + 1).reduce((sum, width) => sum + width, 0);
  const masksOf = (width: number, radius: number) => {
    const masks: number[] = [];
    for (let bits = 0; bits <= radius; bits++) {
      // Every mask of `bits` bits, by combinations of positions.
      const walk = (mask: number, left: number, from: number): void => {
        if (left === 0) masks.push(mask);
        else for (let bit = from; bit <= width - left; bit++) walk(mask | (1 << bit), left - 1, bit + 1);
      };
      walk(0, bits, 0);
    }
    return masks;
  };

  it.each([0, 1, 2, 3])('reaches every bucket within radius %i of every substring', (radius) => {
    const frames = [0, 1, 2].flatMap((table) =>
      masksOf(widths[table]!, radius).map((mask, i) => {
        let hash = query ^ (BigInt(mask) << BigInt(shiftOf(table)));
        for (const other of [0, 1, 2].filter((t) => t !== table)) hash ^= BigInt(((1 << (radius + 1)) - 1) << (i % (widths[other]! - radius))) << BigInt(shiftOf(other));
        return { materialId: 100_000 * table + i, timeMs: mask % 1000, hash, distance: tableBits(mask) + 2 * (radius + 1) };
      }),
    );
    for (const frame of frames) expect(hashDistance(frame.hash, query)).toBe(frame.distance);
    const wanted = frames.map(({ materialId, timeMs, distance }) => ({ materialId, timeMs, distance })).sort((a, b) => a.distance - b.distance || a.materialId - b.materialId);
    const built = FrameHashIndex.build(frames, { substrings: 3 });
    expect(built.substringCount).toBe(3);
    expect(built.search(query, 3 * radius + 2, Infinity)).toEqual(wanted);
    expect(built.search(query, 3 * radius + 1, Infinity)).toEqual(wanted.filter((match) => match.distance <= 3 * radius + 1));
  });

  it('keeps four substrings for a small index unless asked, and refuses other counts', () => {
    expect(FrameHashIndex.build([{ materialId: 1, timeMs: 0, hash: query }]).substringCount).toBe(4);
    expect(() => FrameHashIndex.build([], { substrings: 2 as 3 })).toThrow(RangeError);
  });
});

describe('FrameHashIndex.search', () => {
  /** Material 100 + i has one frame i bits from the query, in the order of `ids`. */
  const query = 0x0123_4567_89ab_cdefn;
  const ladder = (ids: number[]) => ids.map((id, i) => ({ materialId: id, timeMs: 0, hash: query ^ ((1n << BigInt(i)) - 1n) }));

  it('ranks by distance then material and cuts at the limit', () => {
    const index = FrameHashIndex.build(ladder([105, 101, 109, 103, 107, 100, 108, 102, 104, 106]));
    expect(index.search(query, 16, 3)).toEqual([
      { materialId: 105, timeMs: 0, distance: 0 },
      { materialId: 101, timeMs: 0, distance: 1 },
      { materialId: 109, timeMs: 0, distance: 2 },
    ]);
    expect(index.search(query, 16, Infinity)).toHaveLength(10);
    expect(index.search(query, 4, Infinity).map((match) => match.materialId)).toEqual([105, 101, 109, 103, 107]);
    expect(index.search(query, 16, 0)).toEqual([]);
  });

  it('filters with accept before counting toward the limit, asking once per material in rank order', () => {
    const index = FrameHashIndex.build(ladder([100, 101, 102, 103, 104, 105, 106, 107]));
    const asked: number[] = [];
    const odd = (id: number) => {
      asked.push(id);
      return id % 2 === 1;
    };
    expect(index.search(query, 16, 3, odd).map((match) => match.materialId)).toEqual([101, 103, 105]);
    expect(asked).toEqual([100, 101, 102, 103, 104, 105]);
    expect(index.search(query, 16, 10, () => false)).toEqual([]);
  });

  it('keeps the best frame per material: the nearest, and of equally near ones the earliest', () => {
    const frames = [
      { timeMs: 100, hash: query ^ 0b11111n },
      { timeMs: 300, hash: query ^ 0b11n },
      { timeMs: 200, hash: query ^ (0b11n << 40n) },
      { timeMs: 50, hash: ~query & MAX_HASH },
    ];
    const index = FrameHashIndex.build(frames.map((frame) => ({ materialId: 7, ...frame })));
    expect(index.search(query, 8, 10)).toEqual([{ materialId: 7, timeMs: 200, distance: 2 }]);
    index.put(8, frames); // the overlay answers the same way
    expect(index.search(query, 8, 10)).toEqual([
      { materialId: 7, timeMs: 200, distance: 2 },
      { materialId: 8, timeMs: 200, distance: 2 },
    ]);
  });

  it('replaces a material put again and forgets a removed one at once', () => {
    const index = FrameHashIndex.build([
      { materialId: 1, timeMs: 0, hash: query },
      { materialId: 1, timeMs: 40, hash: query ^ 1n },
      { materialId: 2, timeMs: 0, hash: query ^ 3n },
    ]);
    index.put(1, [{ timeMs: 80, hash: query ^ 0xf0n }]);
    expect(index.search(query, 6, 10)).toEqual([
      { materialId: 2, timeMs: 0, distance: 2 },
      { materialId: 1, timeMs: 80, distance: 4 },
    ]);
    expect([index.size, index.materials]).toEqual([2, 2]);
    index.put(1, [{ timeMs: 120, hash: query }]);
    index.remove(2);
    expect(index.search(query, 6, 10)).toEqual([{ materialId: 1, timeMs: 120, distance: 0 }]);
    expect([index.size, index.materials]).toEqual([1, 1]);
    index.compact();
    expect(index.search(query, 6, 10)).toEqual([{ materialId: 1, timeMs: 120, distance: 0 }]);
    expect([index.size, index.materials, index.pendingFrames]).toEqual([1, 1, 0]);
  });

  it('answers nothing from an empty index, and fills and empties through put and remove', () => {
    const index = FrameHashIndex.build([]);
    expect([index.size, index.materials]).toEqual([0, 0]);
    expect(index.search(query, 16, 10)).toEqual([]);
    index.put(3, [{ timeMs: 0, hash: query }]);
    expect(index.search(query, 0, 10)).toEqual([{ materialId: 3, timeMs: 0, distance: 0 }]);
    index.remove(3);
    expect(index.search(query, 16, 10)).toEqual([]);
    expect([index.size, index.materials]).toEqual([0, 0]);
  });

  it('handles the all-ones and all-zeros hashes and the extreme ids and times', () => {
    const index = FrameHashIndex.build([
      { materialId: 0, timeMs: 0, hash: 0n },
      { materialId: 2 ** 32 - 1, timeMs: 2 ** 32 - 1, hash: MAX_HASH },
    ]);
    index.put(5, [{ timeMs: 9, hash: MAX_HASH ^ (1n << 63n) ^ 1n }]);
    expect(index.search(MAX_HASH, 0, 10)).toEqual([{ materialId: 2 ** 32 - 1, timeMs: 2 ** 32 - 1, distance: 0 }]);
    expect(index.search(MAX_HASH, 16, 10)).toEqual([
      { materialId: 2 ** 32 - 1, timeMs: 2 ** 32 - 1, distance: 0 },
      { materialId: 5, timeMs: 9, distance: 2 },
    ]);
    expect(index.search(0n, 16, 10)).toEqual([{ materialId: 0, timeMs: 0, distance: 0 }]);
    expect(index.search(1n << 63n, 1, 10)).toEqual([{ materialId: 0, timeMs: 0, distance: 1 }]);
  });

  it('refuses hashes, distances, limits, ids and times out of range, changing nothing', () => {
    const index = FrameHashIndex.build([{ materialId: 1, timeMs: 0, hash: query }]);
    expect(() => index.search(-1n, 4, 10)).toThrow(RangeError);
    expect(() => index.search(MAX_HASH + 1n, 4, 10)).toThrow(RangeError);
    expect(() => index.search(query, 17, 10)).toThrow(RangeError);
    expect(() => index.search(query, 2.5, 10)).toThrow(RangeError);
    expect(() => index.search(query, 4, -1)).toThrow(RangeError);
    expect(() => index.put(-1, [])).toThrow(RangeError);
    expect(() => index.put(1, [{ timeMs: 0, hash: 1n }, { timeMs: 1.5, hash: 2n }])).toThrow(RangeError);
    expect(() => FrameHashIndex.build([{ materialId: 2 ** 32, timeMs: 0, hash: 0n }])).toThrow(RangeError);
    expect(index.search(query, 0, 10)).toEqual([{ materialId: 1, timeMs: 0, distance: 0 }]);
  });
});

describe('FrameHashIndexBuilder', () => {
  it('builds from hash halves the index FrameHashIndex.build makes from bigints, and refuses halves out of range', () => {
    const dice = new Dice(91);
    const frames: IndexedFrame[] = Array.from({ length: 3000 }, (_, i) => ({ materialId: 1 + (i % 700), timeMs: i * 40, hash: dice.hash() }));
    const builder = new FrameHashIndexBuilder();
    for (const frame of frames) builder.add(frame.materialId, frame.timeMs, Number(frame.hash >> 32n), Number(frame.hash & 0xffffffffn));
    expect(builder.count).toBe(3000);
    const fromHalves = builder.build();
    const fromBigints = FrameHashIndex.build(frames);
    for (let q = 0; q < 200; q++) {
      const probe = dice.flip(dice.pick(frames).hash, dice.below(12));
      expect(fromHalves.search(probe, 12, 20)).toEqual(fromBigints.search(probe, 12, 20));
    }
    expect(() => builder.add(1, 0, -1, 0)).toThrow(RangeError);
    expect(() => builder.add(1, 0, 0, 2 ** 32)).toThrow(RangeError);
    expect(() => builder.add(1, 0, 0.5, 0)).toThrow(RangeError);
  });
});

describe('hashDistance', () => {
  it('counts the differing bits as a bit-by-bit loop does', () => {
    const dice = new Dice(99);
    for (let i = 0; i < 1000; i++) {
      const a = dice.hash();
      const b = dice.chance(0.5) ? dice.flip(a, dice.below(20)) : dice.hash();
      expect(hashDistance(a, b)).toBe(bitLoopDistance(a, b));
    }
    expect(hashDistance(0n, MAX_HASH)).toBe(64);
    expect(hashDistance(MAX_HASH, MAX_HASH)).toBe(0);
    expect(hashDistance(1n << 63n, 1n)).toBe(2);
  });
});

describe('FrameHashIndex memory', () => {
  it('holds a million frames in under 40 bytes each', () => {
    const dice = new Dice(1);
    const sample: IndexedFrame[] = [];
    function* frames(): Generator<IndexedFrame> {
      for (let n = 0; n < 100_000; n++) {
        for (let i = 0; i < 10; i++) {
          const frame = { materialId: n, timeMs: i * 1000, hash: dice.hash() };
          if (n % 20_000 === 0 && i === 3) sample.push(frame);
          yield frame;
        }
      }
    }
    const index = FrameHashIndex.build(frames());
    expect([index.size, index.materials]).toEqual([1_000_000, 100_000]);
    expect(index.memoryBytes() / index.size).toBeLessThan(40);
    for (const frame of sample) expect(index.search(frame.hash, 10, 5)[0]).toEqual({ materialId: frame.materialId, timeMs: frame.timeMs, distance: 0 });
  });
});
