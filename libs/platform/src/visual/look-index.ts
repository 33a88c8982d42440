import { NearestList } from './nearest-list.js';

/**
 * The looks of the published catalogue in compact rows, for "looks alike": each material's up to
 * five dominant colours (CIELAB with shares) and its 4x4 grid of luminance and edges, 52 bytes a
 * material and 4 for its id. A query scans every row (about 56 MB at a million materials), so its
 * answers are exact for the distance below.
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
  private count = 0;
  private readonly slotOf = new Map<number, number>();

  get size(): number {
    return this.count;
  }

  memoryBytes(): number {
    return this.ids.byteLength + this.rows.byteLength;
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
    for (let slot = 0; slot < this.count; slot++) {
      const at = slot * ROW;
      const composition = weights.composition > 0 ? compositionDistanceAt(query, this.rows, at) : 0;
      // The composition's share alone is a lower bound of the distance (colours add to it): a row
      // it already rules out needs no colours compared. Exact, as the weighted sum only grows.
      if (!best.wants(weighted(0, composition, weights))) continue;
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
    }
    return best.sorted().map(({ id, distance }) => ({ materialId: id, distance }));
  }

  private grow(): void {
    if (this.count <= this.ids.length) return;
    const ids = new Uint32Array(this.ids.length * 2);
    ids.set(this.ids);
    this.ids = ids;
    const rows = new Uint8Array(this.rows.length * 2);
    rows.set(this.rows);
    this.rows = rows;
  }
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
  for (let i = 0; i < COMPOSITION; i++) {
    const d = query[COLOURS * 4 + i]! - rows[from + i]!;
    sum += d < 0 ? -d : d;
  }
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
