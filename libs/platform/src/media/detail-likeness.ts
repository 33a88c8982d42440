import { DETAIL_SIDE } from './visual-signature.js';

/**
 * Comparisons of detail grids (see detailGrid): how alike two frames are, and whether a buyer's
 * picture is a stored frame itself rather than another picture of the same kind of scene.
 */

/**
 * Crops a buyer's picture may have lost at one edge, as [x0, x1, y0, y1] fractions of the stored
 * frame: none, then 5% off each side. A stored frame is compared cropped each way, and the best
 * fit counts: without it a cropped frame of a slowly panning clip fit a frame seconds away better
 * than its own (the accuracy test: 21 of 32 cropped pictures placed within 2 s, 31 with it).
 */
const CROPS: readonly (readonly [number, number, number, number])[] = [
  [0, 1, 0, 1],
  [0, 0.95, 0, 1],
  [0.05, 1, 0, 1],
  [0, 1, 0, 0.95],
  [0, 1, 0.05, 1],
];

/** Grids written before DETAIL_SIDE was 32 are 16x16. */
const sideOf = (grid: ArrayLike<number>) => Math.round(Math.sqrt(grid.length));

/** The side grids are compared plainly at: 16x16 grids written before DETAIL_SIDE was 32 compare too. */
const PLAIN_SIDE = 16;
/**
 * Grids derived from a grid, kept while the grid is: a search compares one picture with hundreds
 * of frames, and the duplicate check at upload each frame with many uploads' frames.
 */
const plainGrids = new WeakMap<Uint8Array, ArrayLike<number>>();
const residuals = new WeakMap<Uint8Array, Float32Array>();

/**
 * How alike a picture's detail grid is to a stored frame's, both averaged to 16x16: the Pearson
 * correlation (-1..1, which a change of brightness or contrast leaves alone) of the picture's
 * grid with the stored grid, cropped as the picture may have been (CROPS), the best of them. Flat
 * grids (nothing to correlate) count as alike only when both are flat at about the same level.
 * The duplicate check at upload (whole files re-encoded) was chosen on it; search by image looks
 * at it first (sourceLikeness).
 */
export function detailSimilarity(picture: Uint8Array, stored: Uint8Array): number {
  const a = plainOf(picture);
  const b = plainOf(stored);
  let best = -1;
  for (const crop of CROPS) best = Math.max(best, plainCorrelation(a, croppedGrid(b, PLAIN_SIDE, crop)));
  return best;
}

function plainOf(grid: Uint8Array): ArrayLike<number> {
  if (sideOf(grid) === PLAIN_SIDE) return grid;
  let plain = plainGrids.get(grid);
  if (!plain) plainGrids.set(grid, (plain = coarsened(grid, PLAIN_SIDE)));
  return plain;
}

/**
 * Sides of the blocks a source's likeness is judged in, and the part of them (the best) that
 * counts: a caption or a crop spoils a few blocks of the true frame, while another picture of the
 * same scene (the sun elsewhere, another line of hills) differs in many.
 */
const BLOCK = 4;
const BLOCKS_COUNTED = 0.75;
/** The whole residual's correlation a source must reach, whatever its blocks say. */
const MIN_WHOLE_RESIDUAL = 0.8;
/** The plain correlation at 16x16 every source reaches (the accuracy test's least was 0.97). */
const MIN_PLAIN = 0.9;

/**
 * How sure it is that a buyer's picture is this stored frame itself (changed as buyers' pictures
 * are: re-encoded, scaled, brighter, cropped at an edge, captioned), -1..1; search by image takes
 * 0.85 or more for a source. The plain grids of two pictures of one kind of scene correlate
 * almost as well as a frame with itself (a sky's gradient and a horizon are most of a grid), so
 * the judgement is
 * made on what is left after each cell's neighbourhood mean is taken away (where the sun is, the
 * hills' edges, any texture), block by block. Grids not both DETAIL_SIDE square (written before
 * the grid was 32x32) cannot be judged and score -1: the indexing job writes them anew.
 *
 * Chosen on the accuracy test's demo media and two more sets of it rendered from other seeds
 * (block side 4 or 8, the whole's and the blocks' thresholds), the third set kept for checking:
 * sources found first 219, 223 and 219 of 224, pictures of other scenes listed 1, 0 and 1 of 200,
 * where plain correlation of 16x16 grids listed 40 of 200.
 */
export function sourceLikeness(picture: Uint8Array, stored: Uint8Array): number {
  const side = DETAIL_SIDE;
  if (picture.length !== side * side || stored.length !== side * side) return -1;
  if (detailSimilarity(picture, stored) < MIN_PLAIN) return -1;
  let pictureResidual = residuals.get(picture);
  if (!pictureResidual) residuals.set(picture, (pictureResidual = residual(picture, side)));
  let whole = -1;
  let blocks = -1;
  for (const crop of CROPS) {
    const storedResidual = residual(croppedGrid(stored, side, crop), side);
    whole = Math.max(whole, residualCorrelation(pictureResidual, storedResidual, side));
    blocks = Math.max(blocks, blockLikeness(pictureResidual, storedResidual, side));
  }
  return whole >= MIN_WHOLE_RESIDUAL ? blocks : -1;
}

/**
 * True for a frame with nothing in it to tell it by (black, white, one colour: a fade, a slate):
 * its grid varies by less than a grey level. Such frames match every other flat frame of their
 * level, so comparing footage leaves them out.
 */
export function detailIsFlat(grid: Uint8Array): boolean {
  let sum = 0;
  for (const value of grid) sum += value;
  const mean = sum / grid.length;
  let variance = 0;
  for (const value of grid) variance += (value - mean) * (value - mean);
  return variance < grid.length;
}

/** A grid averaged down to `side` (a whole divisor of its own side). */
function coarsened(grid: Uint8Array, side: number): Float32Array {
  const from = sideOf(grid);
  const factor = from / side;
  const out = new Float32Array(side * side);
  for (let y = 0; y < from; y++) {
    for (let x = 0; x < from; x++) out[Math.floor(y / factor) * side + Math.floor(x / factor)]! += grid[y * from + x]! / (factor * factor);
  }
  return out;
}

/** A `side`-square grid's [x0, x1] x [y0, y1] part, resampled bilinearly to the full grid. */
function croppedGrid(grid: ArrayLike<number>, side: number, crop: readonly [number, number, number, number]): ArrayLike<number> {
  const [x0, x1, y0, y1] = crop;
  if (x0 === 0 && x1 === 1 && y0 === 0 && y1 === 1) return grid;
  const { from, weight } = samplingOf(side, crop);
  const out = new Float32Array(side * side);
  for (let cell = 0; cell < out.length; cell++) {
    const at = 4 * cell;
    out[cell] =
      weight[at]! * grid[from[at]!]! + weight[at + 1]! * grid[from[at + 1]!]! + weight[at + 2]! * grid[from[at + 2]!]! + weight[at + 3]! * grid[from[at + 3]!]!;
  }
  return out;
}

/** Per side and crop: each cell's four source cells and their bilinear weights (the same for every grid). */
const samplings = new Map<string, { from: Uint16Array; weight: Float64Array }>();

function samplingOf(side: number, [x0, x1, y0, y1]: readonly [number, number, number, number]): { from: Uint16Array; weight: Float64Array } {
  const key = `${side}:${x0}:${x1}:${y0}:${y1}`;
  let sampling = samplings.get(key);
  if (sampling) return sampling;
  const from = new Uint16Array(4 * side * side);
  const weight = new Float64Array(4 * side * side);
  const at = (start: number, end: number, i: number) => Math.min(side - 1, Math.max(0, (start + ((i + 0.5) / side) * (end - start)) * side - 0.5));
  for (let y = 0; y < side; y++) {
    const sy = at(y0, y1, y);
    const iy = Math.floor(sy);
    const fy = sy - iy;
    const iy1 = Math.min(side - 1, iy + 1);
    for (let x = 0; x < side; x++) {
      const sx = at(x0, x1, x);
      const ix = Math.floor(sx);
      const fx = sx - ix;
      const ix1 = Math.min(side - 1, ix + 1);
      const cell = 4 * (y * side + x);
      from.set([iy * side + ix, iy * side + ix1, iy1 * side + ix, iy1 * side + ix1], cell);
      weight.set([(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy], cell);
    }
  }
  samplings.set(key, (sampling = { from, weight }));
  return sampling;
}

/** Radius of the neighbourhood whose mean residual() takes away (a 5x5 box, edges clamped). */
const NEIGHBOURHOOD = 2;

/** Each cell less the mean of its neighbourhood: the grid without its smooth shading. */
function residual(grid: ArrayLike<number>, side: number): Float32Array {
  // A box mean is separable: rows, then columns.
  const rows = new Float32Array(side * side);
  const span = 2 * NEIGHBOURHOOD + 1;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      let sum = 0;
      for (let d = -NEIGHBOURHOOD; d <= NEIGHBOURHOOD; d++) sum += grid[y * side + Math.min(side - 1, Math.max(0, x + d))]!;
      rows[y * side + x] = sum / span;
    }
  }
  const out = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      let sum = 0;
      for (let d = -NEIGHBOURHOOD; d <= NEIGHBOURHOOD; d++) sum += rows[Math.min(side - 1, Math.max(0, y + d)) * side + x]!;
      out[y * side + x] = grid[y * side + x]! - sum / span;
    }
  }
  return out;
}

/**
 * The mean correlation of the best BLOCKS_COUNTED of the BLOCK-square blocks in which either
 * residual has something (a grey level of variation or more); 0 when none has.
 */
function blockLikeness(a: Float32Array, b: Float32Array, side: number): number {
  const scores: number[] = [];
  const n = BLOCK * BLOCK;
  for (let y = 0; y < side; y += BLOCK) {
    for (let x = 0; x < side; x += BLOCK) {
      windowMoments(a, b, y * side + x, BLOCK, side);
      if (moments[VAR_A]! < n && moments[VAR_B]! < n) continue;
      scores.push(pearson());
    }
  }
  if (scores.length === 0) return 0;
  scores.sort((p, q) => q - p);
  const counted = Math.ceil(scores.length * BLOCKS_COUNTED);
  let sum = 0;
  for (let i = 0; i < counted; i++) sum += scores[i]!;
  return sum / counted;
}

/** Pearson correlation of two whole `side`-square residuals; 0 when one is constant. */
function residualCorrelation(a: Float32Array, b: Float32Array, side: number): number {
  windowMoments(a, b, 0, side, side);
  return pearson();
}

/** Pearson correlation of two plain grids, with flat grids alike only at about the same level. */
function plainCorrelation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const side = sideOf(a);
  const n = side * side;
  windowMoments(a, b, 0, side, side);
  if (moments[VAR_A]! < n || moments[VAR_B]! < n) return Math.abs(moments[MEAN_A]! - moments[MEAN_B]!) < 8 && moments[VAR_A]! < n && moments[VAR_B]! < n ? 1 : 0;
  return pearson();
}

/** The last windowMoments: both means, the co-deviation and both deviations (sums of products, not divided). */
const moments = new Float64Array(5);
const MEAN_A = 0;
const MEAN_B = 1;
const COV = 2;
const VAR_A = 3;
const VAR_B = 4;

/** Fills `moments` for the `size`-square windows of two `side`-square grids starting at `start` (no allocation: called per block). */
function windowMoments(a: ArrayLike<number>, b: ArrayLike<number>, start: number, size: number, side: number): void {
  let sumA = 0;
  let sumB = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      sumA += a[start + y * side + x]!;
      sumB += b[start + y * side + x]!;
    }
  }
  const n = size * size;
  const meanA = sumA / n;
  const meanB = sumB / n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const da = a[start + y * side + x]! - meanA;
      const db = b[start + y * side + x]! - meanB;
      cov += da * db;
      varA += da * da;
      varB += db * db;
    }
  }
  moments[MEAN_A] = meanA;
  moments[MEAN_B] = meanB;
  moments[COV] = cov;
  moments[VAR_A] = varA;
  moments[VAR_B] = varB;
}

function pearson(): number {
  return moments[VAR_A]! > 0 && moments[VAR_B]! > 0 ? moments[COV]! / Math.sqrt(moments[VAR_A]! * moments[VAR_B]!) : 0;
}
