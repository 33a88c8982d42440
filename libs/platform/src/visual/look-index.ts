import { COMPOSITION_GROUP, ColourCellBounds, TABLE_SCALE, cellOf } from './look-bounds.js';
import { NearestList } from './nearest-list.js';

/**
 * The looks of the published catalogue in compact rows, for "looks alike": each material's up to
 * five dominant colours (CIELAB with shares) and its 4x4 grid of luminance and edges, 52 bytes a
 * material, 4 for its id and 31 for bounds (look-bounds.ts), about 87 MB at a million materials.
 * A query visits every row, so its answers are exact for the distance below; the bounds spare it
 * comparing most rows' colours and grids in full.
 */
export interface Look {
  /** Up to five, largest share first; shares add up to about 1. */
  colours: readonly { lab: readonly [number, number, number]; share: number }[];
  /** COMPOSITION bytes: 16 luminance cells, then 16 edge cells. */
  composition: Uint8Array;
}

export interface LookWeights {
  colour: number;
  composition: number;
}

export interface LookMatch {
  materialId: number;
  /** 0 = the same look; about 1 = as different as looks get. */
  distance: number;
}

const COLOURS = 5;
const COMPOSITION = 32;
/** L (0..100) a, b (-128..127) and share (0..1), a byte each. */
const ROW = COLOURS * 4 + COMPOSITION;
/** A colour difference (CIE76) at which two colours count as wholly different. */
const FAR_COLOUR = 60;
const GROUPS = COMPOSITION / COMPOSITION_GROUP;
/** A row's colour slot without a colour (cells are below 2^15). */
const NO_CELL = 0xffff;
/**
 * What a bound may exceed the exact distance by through rounding alone (they are summed in other
 * orders): rows are skipped only when their bound is farther than this past the kept ones.
 */
const ROUNDING = 1e-9;

/** How far apart two looks are, 0..1: colours and composition weighted as asked. */
export function lookDistance(a: Look, b: Look, weights: LookWeights): number {
  return weighted(colourDistance(a.colours, b.colours), compositionDistance(a.composition, b.composition), weights);
}

/**
 * Each colour of one look is matched with the nearest colour of the other, weighted by its share,
 * both ways round and averaged: two pictures of the same colours in other proportions are near,
 * one colour that the other lacks counts as far as its share.
 */
export function colourDistance(a: Look['colours'], b: Look['colours']): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : 1;
  return (oneWay(a, b) + oneWay(b, a)) / 2;
}

function oneWay(from: Look['colours'], to: Look['colours']): number {
  let total = 0;
  let shares = 0;
  for (const colour of from) {
    let nearest = Infinity;
    for (const other of to) nearest = Math.min(nearest, deltaE(colour.lab, other.lab));
    total += colour.share * Math.min(1, nearest / FAR_COLOUR);
    shares += colour.share;
  }
  return shares > 0 ? total / shares : 0;
}

/** CIE76 difference. Math.sqrt of the squares (not Math.hypot, several times slower): the scan computes it alike. */
const deltaE = (a: readonly number[], b: readonly number[]) => Math.sqrt(squaredDelta(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!));
const squaredDelta = (dl: number, da: number, db: number) => dl * dl + da * da + db * db;

/** Mean difference of the grid cells, 0..1. */
export function compositionDistance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < COMPOSITION; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / (COMPOSITION * 255);
}

function weighted(colour: number, composition: number, weights: LookWeights): number {
  const total = weights.colour + weights.composition;
  return total > 0 ? (weights.colour * colour + weights.composition * composition) / total : 0;
}

export class LookIndex {
  private ids = new Uint32Array(1024);
  private rows = new Uint8Array(1024 * ROW);
  // Per row, for the bounds (look-bounds.ts): each colour's cell and its share of the row's
  // colours in 255ths rounded down, and the composition's group sums.
  private cells = new Uint16Array(1024 * COLOURS);
  private weights = new Uint8Array(1024 * COLOURS);
  private sums = new Uint16Array(1024 * GROUPS);
  private count = 0;
  private readonly slotOf = new Map<number, number>();

  get size(): number {
    return this.count;
  }

  memoryBytes(): number {
    return this.ids.byteLength + this.rows.byteLength + this.cells.byteLength + this.weights.byteLength + this.sums.byteLength;
  }

  /** Adds or replaces a material's look. */
  put(materialId: number, look: Look): void {
    let slot = this.slotOf.get(materialId);
    if (slot === undefined) {
      slot = this.count++;
      this.grow();
      this.slotOf.set(materialId, slot);
      this.ids[slot] = materialId;
    }
    encode(look, this.rows, slot * ROW);
    this.bound(slot);
  }

  /** A material's look as stored (its values rounded to a byte each), or null. */
  get(materialId: number): Look | null {
    const slot = this.slotOf.get(materialId);
    if (slot === undefined) return null;
    const look = decode(this.rows, slot * ROW);
    return { colours: look.colours, composition: look.composition.slice() };
  }

  remove(materialId: number): void {
    const slot = this.slotOf.get(materialId);
    if (slot === undefined) return;
    // The last row takes the removed one's place.
    const last = --this.count;
    if (slot !== last) {
      this.rows.copyWithin(slot * ROW, last * ROW, (last + 1) * ROW);
      this.cells.copyWithin(slot * COLOURS, last * COLOURS, (last + 1) * COLOURS);
      this.weights.copyWithin(slot * COLOURS, last * COLOURS, (last + 1) * COLOURS);
      this.sums.copyWithin(slot * GROUPS, last * GROUPS, (last + 1) * GROUPS);
      this.ids[slot] = this.ids[last]!;
      this.slotOf.set(this.ids[slot]!, slot);
    }
    this.slotOf.delete(materialId);
  }

  /** The `limit` nearest looks to `look` (nearest first, then by id) among materials `accept` lets through. */
  nearest(look: Look, weights: LookWeights, limit: number, accept: (materialId: number) => boolean = () => true): LookMatch[] {
    const query = new Uint8Array(ROW);
    encode(look, query, 0);
    const probe = new RowColours();
    probe.read(query, 0);
    const row = new RowColours();
    // Squared differences between the probe's colours and a row's, computed once for both directions.
    const squared = new Float64Array(COLOURS * COLOURS);
    const best = new NearestList(limit);
    const total = weights.colour + weights.composition;
    const bound = new RowBound(probe, groupSums(query, 0), { colour: total > 0 ? weights.colour / total : 0, composition: total > 0 ? weights.composition / total : 0 }, {
      sums: this.sums,
      cells: this.cells,
      weights: this.weights,
    });
    // A row is compared only while its bound is within the farthest kept look (and rounding).
    let bar = best.farthest() + ROUNDING;
    for (let slot = 0; slot < this.count; slot++) {
      if (bar !== Infinity && bound.exceeds(slot, bar)) continue;
      const at = slot * ROW;
      const composition = weights.composition > 0 ? compositionDistanceAt(query, this.rows, at) : 0;
      let colour = 0;
      if (weights.colour > 0) {
        row.read(this.rows, at);
        colour = scannedColourDistance(probe, row, squared);
      }
      const distance = weighted(colour, composition, weights);
      if (!best.wants(distance)) continue;
      const materialId = this.ids[slot]!;
      if (!accept(materialId)) continue;
      best.offer(materialId, distance);
      bar = best.farthest() + ROUNDING;
    }
    return best.sorted().map(({ id, distance }) => ({ materialId: id, distance }));
  }

  /** The row's bound data, from its bytes as stored. */
  private bound(slot: number): void {
    const at = slot * ROW;
    let shares = 0;
    for (let i = 0; i < COLOURS; i++) shares += this.rows[at + i * 4 + 3]!;
    for (let i = 0; i < COLOURS; i++) {
      const share = this.rows[at + i * 4 + 3]!;
      const present = share > 0 && shares > 0;
      this.cells[slot * COLOURS + i] = present ? cellOf(this.rows[at + i * 4]!, this.rows[at + i * 4 + 1]!, this.rows[at + i * 4 + 2]!) : NO_CELL;
      this.weights[slot * COLOURS + i] = present ? Math.floor((share * 255) / shares) : 0;
    }
    this.sums.set(groupSums(this.rows, at), slot * GROUPS);
  }

  private grow(): void {
    if (this.count <= this.ids.length) return;
    this.ids = grown(this.ids);
    this.rows = grown(this.rows);
    this.cells = grown(this.cells);
    this.weights = grown(this.weights);
    this.sums = grown(this.sums);
  }
}

function grown<T extends Uint8Array | Uint16Array | Uint32Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * A lower bound of a row's distance from the probe (look-bounds.ts), in the weights' shares:
 * - composition: the group sums' differences;
 * - colours, the row's way: each of its colours at least as far from the probe's as its cell is;
 * - colours, the probe's way: each of its colours at least as far from the row's as the nearest
 *   of the row's cells.
 */
class RowBound {
  private readonly any: Uint8Array;
  /** A table per probe colour (all of them: two or three made the bound looser, and a scan slower, for five-colour pictures). */
  private readonly probeTables: Uint8Array[];
  /** Per table unit, the colour weight's half of each way. */
  private readonly rowWayUnit: number;
  private readonly probeUnits: Float64Array;
  private readonly compositionUnit: number;
  private readonly colourWeight: number;
  private readonly compositionWeight: number;

  /** `rows`: the index's bound data as it is during this (synchronous) scan. */
  constructor(
    probe: RowColours,
    private readonly querySums: Uint16Array,
    weightShares: LookWeights,
    private readonly rows: { readonly sums: Uint16Array; readonly cells: Uint16Array; readonly weights: Uint8Array },
  ) {
    this.colourWeight = weightShares.colour;
    this.compositionWeight = weightShares.composition;
    const tables = new ColourCellBounds(
      Array.from({ length: probe.count }, (_, i) => ({ l: probe.l[i]!, a: probe.a[i]!, b: probe.b[i]! })),
      FAR_COLOUR,
    );
    let shares = 0;
    for (let i = 0; i < probe.count; i++) shares += probe.share[i]!;
    this.any = tables.ofAny;
    this.probeTables = tables.ofColour;
    const half = weightShares.colour / 2;
    this.rowWayUnit = half / (255 * TABLE_SCALE);
    this.probeUnits = Float64Array.from(this.probeTables, (_, i) => (half * (probe.share[i]! / shares)) / TABLE_SCALE);
    this.compositionUnit = weightShares.composition / (COMPOSITION * 255);
  }

  /** Whether the row's bound is past `bar` (the cheaper parts asked first). */
  exceeds(slot: number, bar: number): boolean {
    const index = this.rows;
    let bound = 0;
    if (this.compositionWeight > 0) {
      let sum = 0;
      const at = slot * GROUPS;
      // Math.abs, not a branch: the signs are random, and mispredicted branches cost more than the rest.
      for (let g = 0; g < GROUPS; g++) sum += Math.abs(this.querySums[g]! - index.sums[at + g]!);
      bound = sum * this.compositionUnit;
      if (bound > bar) return true;
    }
    if (this.colourWeight === 0) return false;
    const at = slot * COLOURS;
    // No colours at all: the exact distance is 1 or 0, and 0 bounds both.
    if (index.cells[at] === NO_CELL) return false;
    let colours = 0;
    let rowWay = 0;
    for (; colours < COLOURS && index.cells[at + colours] !== NO_CELL; colours++) rowWay += index.weights[at + colours]! * this.any[index.cells[at + colours]!]!;
    bound += rowWay * this.rowWayUnit;
    if (bound > bar) return true;
    for (let i = 0; i < this.probeTables.length; i++) {
      const table = this.probeTables[i]!;
      let nearest = TABLE_SCALE;
      for (let j = 0; j < colours; j++) nearest = Math.min(nearest, table[index.cells[at + j]!]!);
      bound += nearest * this.probeUnits[i]!;
    }
    return bound > bar;
  }
}

/** The composition's bytes summed in groups. */
function groupSums(rows: Uint8Array, at: number): Uint16Array {
  const sums = new Uint16Array(GROUPS);
  for (let i = 0; i < COMPOSITION; i++) sums[Math.floor(i / COMPOSITION_GROUP)]! += rows[at + COLOURS * 4 + i]!;
  return sums;
}

/** A row's colours as plain numbers (reused from row to row: a scan allocates nothing per row). */
class RowColours {
  count = 0;
  readonly l = new Float64Array(COLOURS);
  readonly a = new Float64Array(COLOURS);
  readonly b = new Float64Array(COLOURS);
  readonly share = new Float64Array(COLOURS);

  /** The same values decode() gives: L / 2.55, a - 128, b - 128, share / 255. */
  read(rows: Uint8Array, at: number): void {
    let count = 0;
    while (count < COLOURS && rows[at + count * 4 + 3]! > 0) {
      this.l[count] = rows[at + count * 4]! / 2.55;
      this.a[count] = rows[at + count * 4 + 1]! - 128;
      this.b[count] = rows[at + count * 4 + 2]! - 128;
      this.share[count] = rows[at + count * 4 + 3]! / 255;
      count++;
    }
    this.count = count;
  }
}

/**
 * colourDistance of two rows' colours, the same operations in the same order (so the same value,
 * bit for bit), with each pair's squared difference computed once for both directions.
 */
function scannedColourDistance(p: RowColours, r: RowColours, squared: Float64Array): number {
  if (p.count === 0 || r.count === 0) return p.count === r.count ? 0 : 1;
  for (let i = 0; i < p.count; i++) {
    for (let j = 0; j < r.count; j++) squared[i * COLOURS + j] = squaredDelta(p.l[i]! - r.l[j]!, p.a[i]! - r.a[j]!, p.b[i]! - r.b[j]!);
  }
  // r's difference from p is p's from r with the signs turned: the same squares, read transposed.
  return (scannedOneWay(p, r, squared, COLOURS, 1) + scannedOneWay(r, p, squared, 1, COLOURS)) / 2;
}

/** oneWay over the squares: `squared[i * fromStride + j * toStride]` is from's colour i to to's colour j. */
function scannedOneWay(from: RowColours, to: RowColours, squared: Float64Array, fromStride: number, toStride: number): number {
  let total = 0;
  let shares = 0;
  for (let i = 0; i < from.count; i++) {
    // The square root of the smallest square is the smallest root (sqrt is monotonic and exactly rounded).
    let nearest = Infinity;
    for (let j = 0; j < to.count; j++) nearest = Math.min(nearest, squared[i * fromStride + j * toStride]!);
    total += from.share[i]! * Math.min(1, Math.sqrt(nearest) / FAR_COLOUR);
    shares += from.share[i]!;
  }
  return shares > 0 ? total / shares : 0;
}

function compositionDistanceAt(query: Uint8Array, rows: Uint8Array, at: number): number {
  let sum = 0;
  const from = at + COLOURS * 4;
  // Math.abs rather than a branch on the sign (see RowBound.exceeds).
  for (let i = 0; i < COMPOSITION; i++) sum += Math.abs(query[COLOURS * 4 + i]! - rows[from + i]!);
  return sum / (COMPOSITION * 255);
}

/** A look in ROW bytes: L, a + 128, b + 128 and share x 255 for each colour (zero share = none), then the grid. */
function encode(look: Look, into: Uint8Array, at: number): void {
  into.fill(0, at, at + ROW);
  look.colours.slice(0, COLOURS).forEach((colour, i) => {
    into[at + i * 4] = clampByte(colour.lab[0] * 2.55);
    into[at + i * 4 + 1] = clampByte(colour.lab[1] + 128);
    into[at + i * 4 + 2] = clampByte(colour.lab[2] + 128);
    into[at + i * 4 + 3] = Math.max(1, clampByte(colour.share * 255));
  });
  into.set(look.composition.subarray(0, COMPOSITION), at + COLOURS * 4);
}

function decode(rows: Uint8Array, at: number): Look {
  const colours: { lab: [number, number, number]; share: number }[] = [];
  for (let i = 0; i < COLOURS; i++) {
    const share = rows[at + i * 4 + 3]!;
    if (share === 0) break;
    colours.push({ lab: [rows[at + i * 4]! / 2.55, rows[at + i * 4 + 1]! - 128, rows[at + i * 4 + 2]! - 128], share: share / 255 });
  }
  return { colours, composition: rows.subarray(at + COLOURS * 4, at + ROW) };
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
