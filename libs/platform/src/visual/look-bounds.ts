/**
 * Lower bounds of the look distance (look-index.ts) that cost a few table reads a row, so a scan
 * compares colours exactly only for the rows that could still rank: a row whose bound already
 * exceeds the farthest look kept so far cannot be among the nearest. The answers stay exact.
 *
 * Colours: CIELAB is cut into 32 x 32 x 32 cells of the stored bytes (L x 2.55, a + 128, b + 128,
 * in steps of 8), and a query precomputes, for every cell, how near its colours come to the cell's
 * box; a row's colour lies in its cell, so the box's distance is never more than the colour's.
 * Composition: the grid's 32 bytes in 8 groups of 4; the difference of two groups' sums is never
 * more than the sum of their bytes' differences.
 */

// Coarser cells (16 on a and b, or on all three) made the tables smaller but the bounds looser:
// a scan of a million looks took 5-40% longer.
const L_STEP = 8;
const AB_STEP = 8;
const L_LEVELS = 256 / L_STEP;
const AB_LEVELS = 256 / AB_STEP;
const CELLS = L_LEVELS * AB_LEVELS * AB_LEVELS;
export const COMPOSITION_GROUP = 4;

/** The cell of a colour as the index stores it (three bytes). */
export const cellOf = (lByte: number, aByte: number, bByte: number): number =>
  (Math.floor(lByte / L_STEP) * AB_LEVELS + Math.floor(aByte / AB_STEP)) * AB_LEVELS + Math.floor(bByte / AB_STEP);

/** How far `value` is from [low, high] (0 within). */
const outside = (value: number, low: number, high: number): number => (value < low ? low - value : value > high ? value - high : 0);

/** Table values are 255ths, rounded down (and a hair below an exact 255th, against rounding). */
export const TABLE_SCALE = 255;

/**
 * For each query colour, and for the nearest of them, a table over the cells: min(1, the distance
 * from the colour to the cell's box / far) in TABLE_SCALE-ths rounded down. A byte a cell keeps
 * the tables in the processor's cache while a scan reads them at random. Built once a query
 * (32,768 cells, well under a millisecond) and reused from row to row.
 */
export class ColourCellBounds {
  /** `ofColour[i][cell]`: query colour i to the cell. */
  readonly ofColour: Uint8Array[];
  /** `ofAny[cell]`: the nearest query colour to the cell. */
  readonly ofAny = new Uint8Array(CELLS);

  constructor(colours: readonly { l: number; a: number; b: number }[], far: number) {
    this.ofColour = colours.map((colour) => table(colour, far));
    this.ofAny.fill(colours.length > 0 ? TABLE_SCALE : 0);
    for (const own of this.ofColour) for (let cell = 0; cell < CELLS; cell++) if (own[cell]! < this.ofAny[cell]!) this.ofAny[cell] = own[cell]!;
  }
}

function table(colour: { l: number; a: number; b: number }, far: number): Uint8Array {
  // The box's distance parts along each axis, then their sum for every cell.
  const alongL = new Float64Array(L_LEVELS);
  const alongA = new Float64Array(AB_LEVELS);
  const alongB = new Float64Array(AB_LEVELS);
  for (let level = 0; level < L_LEVELS; level++) alongL[level] = outside(colour.l, (level * L_STEP) / 2.55, (level * L_STEP + L_STEP - 1) / 2.55) ** 2;
  for (let level = 0; level < AB_LEVELS; level++) {
    const low = level * AB_STEP - 128;
    alongA[level] = outside(colour.a, low, low + AB_STEP - 1) ** 2;
    alongB[level] = outside(colour.b, low, low + AB_STEP - 1) ** 2;
  }
  const out = new Uint8Array(CELLS);
  let cell = 0;
  for (let l = 0; l < L_LEVELS; l++) {
    for (let a = 0; a < AB_LEVELS; a++) {
      const partial = alongL[l]! + alongA[a]!;
      for (let b = 0; b < AB_LEVELS; b++) out[cell++] = Math.max(0, Math.floor(Math.min(1, Math.sqrt(partial + alongB[b]!) / far) * TABLE_SCALE - 1e-6));
    }
  }
  return out;
}
