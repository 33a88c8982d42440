import { converter, formatHex } from 'culori';
import quantize from 'quantize';
import sharp, { type SharpOptions } from 'sharp';
import phashModule from 'sharp-phash';

/**
 * What a picture looks like, in three parts that buyers can steer apart (search by image, "more
 * like this" by subject, colour or composition):
 * - `hash`: a 64-bit DCT perceptual hash (pHash), robust to scaling, re-encoding, brightness
 *   and mild colour changes: the same frame lands within a few bits, another scene does not;
 * - `colours`: up to five dominant colours in CIELAB (D65) with the share of the picture each
 *   covers, largest first (the first is the material's "theme colour");
 * - `composition`: a 4x4 grid of mean luminance and of edge strength (32 bytes), where the
 *   picture is light or dark, busy or plain.
 * Every picture is first reduced to one raster (RASTER x RASTER, stretched) by whoever decodes
 * it (sharp for photos and query images, ffmpeg for video frames), so the same frame gives the
 * same signature whichever path it took.
 */
export interface VisualSignature {
  hash: bigint;
  colours: DominantColour[];
  composition: Uint8Array;
  /** A DETAIL_SIDE-square grey thumbnail (row-major): what confirms a hash match and places it in time. */
  detail: Uint8Array;
}

export interface DominantColour {
  /** CIELAB (D65): L 0..100, a and b about -128..127. */
  lab: [number, number, number];
  hex: string;
  /** Part of the picture, 0..1. */
  share: number;
}

/** Side of the square raster signatures are computed from. */
export const SIGNATURE_RASTER = 64;
export const COMPOSITION_GRID = 4;
export const COMPOSITION_BYTES = 2 * COMPOSITION_GRID * COMPOSITION_GRID;
export const DETAIL_SIDE = 16;
const MAX_COLOURS = 5;

// sharp-phash is CommonJS (module.exports = the function) typed with a default export.
type Phash = (input: Buffer, options: SharpOptions) => Promise<string>;
const phash = ((phashModule as unknown as { default?: Phash }).default ?? phashModule) as unknown as Phash;
const toLab = converter('lab65');

/** Decodes an encoded picture (jpg, png, webp...) into the signature raster, upright, alpha on white. */
export async function signatureRaster(input: Buffer | string): Promise<Buffer> {
  return sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .resize(SIGNATURE_RASTER, SIGNATURE_RASTER, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/** The signature of an encoded picture. */
export async function visualSignature(input: Buffer | string): Promise<VisualSignature> {
  return signatureOfRaster(await signatureRaster(input));
}

/** The signature of a SIGNATURE_RASTER-square RGB raster (3 bytes a pixel, row-major). */
export async function signatureOfRaster(rgb: Uint8Array): Promise<VisualSignature> {
  const expected = SIGNATURE_RASTER * SIGNATURE_RASTER * 3;
  if (rgb.length !== expected) throw new Error(`a signature raster is ${expected} bytes, got ${rgb.length}`);
  const bits = await phash(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), {
    raw: { width: SIGNATURE_RASTER, height: SIGNATURE_RASTER, channels: 3 },
  });
  return { hash: BigInt(`0b${bits}`), colours: dominantColours(rgb), composition: compositionGrid(rgb), detail: detailGrid(rgb) };
}

/** The raster's luminance averaged down to DETAIL_SIDE x DETAIL_SIDE (each value a mean of whole pixels). */
export function detailGrid(rgb: Uint8Array): Uint8Array {
  const luma = luminance(rgb);
  const block = SIGNATURE_RASTER / DETAIL_SIDE;
  const out = new Uint8Array(DETAIL_SIDE * DETAIL_SIDE);
  for (let gy = 0; gy < DETAIL_SIDE; gy++) {
    for (let gx = 0; gx < DETAIL_SIDE; gx++) {
      let sum = 0;
      for (let y = gy * block; y < (gy + 1) * block; y++) {
        for (let x = gx * block; x < (gx + 1) * block; x++) sum += luma[y * SIGNATURE_RASTER + x]!;
      }
      out[gy * DETAIL_SIDE + gx] = Math.round(sum / (block * block));
    }
  }
  return out;
}

/** Each pixel's luminance (Rec. 601 weights), row-major. */
function luminance(rgb: Uint8Array): Float32Array {
  const luma = new Float32Array(SIGNATURE_RASTER * SIGNATURE_RASTER);
  for (let i = 0; i < luma.length; i++) luma[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  return luma;
}

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

/**
 * How alike a picture's detail grid is to a stored frame's: the Pearson correlation (-1..1, which a
 * change of brightness or contrast leaves alone) of the picture's grid with the stored grid,
 * cropped as the picture may have been (CROPS), the best of them. Flat grids (nothing to
 * correlate) count as alike only when both are flat at about the same level.
 */
export function detailSimilarity(picture: Uint8Array, stored: Uint8Array): number {
  let best = -1;
  for (const [x0, x1, y0, y1] of CROPS) {
    const fitted = x0 === 0 && x1 === 1 && y0 === 0 && y1 === 1 ? stored : croppedGrid(stored, x0, x1, y0, y1);
    best = Math.max(best, correlation(picture, fitted));
  }
  return best;
}

/** A DETAIL_SIDE-square grid's [x0, x1] x [y0, y1] part, resampled bilinearly to the full grid. */
function croppedGrid(grid: Uint8Array, x0: number, x1: number, y0: number, y1: number): Float32Array {
  const side = DETAIL_SIDE;
  const out = new Float32Array(side * side);
  const at = (from: number, to: number, i: number) => Math.min(side - 1, Math.max(0, (from + ((i + 0.5) / side) * (to - from)) * side - 0.5));
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
      out[y * side + x] =
        (1 - fx) * (1 - fy) * grid[iy * side + ix]! + fx * (1 - fy) * grid[iy * side + ix1]! + (1 - fx) * fy * grid[iy1 * side + ix]! + fx * fy * grid[iy1 * side + ix1]!;
    }
  }
  return out;
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

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < n; i++) {
    sumA += a[i]!;
    sumB += b[i]!;
  }
  const meanA = sumA / n;
  const meanB = sumB / n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    cov += da * db;
    varA += da * da;
    varB += db * db;
  }
  if (varA < n || varB < n) return Math.abs(meanA - meanB) < 8 && varA < n && varB < n ? 1 : 0;
  return cov / Math.sqrt(varA * varB);
}

/**
 * Up to five colours by median cut (Leptonica's MMCQ), each with its share of the pixels,
 * largest first. A plain picture has one colour with share 1.
 */
export function dominantColours(rgb: Uint8Array): DominantColour[] {
  const pixels: [number, number, number][] = [];
  for (let i = 0; i + 2 < rgb.length; i += 3) pixels.push([rgb[i]!, rgb[i + 1]!, rgb[i + 2]!]);
  const total = pixels.length;
  const map = distinctColours(pixels) > 1 ? quantize(pixels, MAX_COLOURS) : false;
  const boxes = map ? map.vboxes.map((box) => ({ rgb: box.color, count: box.vbox.count() })) : [{ rgb: pixels[0]!, count: total }];
  const merged = boxes.filter((box) => box.count > 0).sort((a, b) => b.count - a.count);
  const counted = merged.reduce((sum, box) => sum + box.count, 0) || 1;
  return merged.slice(0, MAX_COLOURS).map(({ rgb: [r, g, b], count }) => {
    const lab = toLab({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
    return {
      lab: [round1(lab.l), round1(lab.a), round1(lab.b)],
      hex: formatHex({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 }),
      share: Math.round((count / counted) * 1000) / 1000,
    };
  });
}

/**
 * A COMPOSITION_GRID-square grid: first each cell's mean luminance (0..255), then its mean
 * gradient magnitude (0..255), both row-major.
 */
export function compositionGrid(rgb: Uint8Array): Uint8Array {
  const size = SIGNATURE_RASTER;
  const luma = luminance(rgb);
  const cell = size / COMPOSITION_GRID;
  const out = new Uint8Array(COMPOSITION_BYTES);
  for (let gy = 0; gy < COMPOSITION_GRID; gy++) {
    for (let gx = 0; gx < COMPOSITION_GRID; gx++) {
      let light = 0;
      let edge = 0;
      for (let y = gy * cell; y < (gy + 1) * cell; y++) {
        for (let x = gx * cell; x < (gx + 1) * cell; x++) {
          const here = luma[y * size + x]!;
          light += here;
          const dx = x + 1 < size ? luma[y * size + x + 1]! - here : 0;
          const dy = y + 1 < size ? luma[(y + 1) * size + x]! - here : 0;
          edge += Math.sqrt(dx * dx + dy * dy);
        }
      }
      const cellIndex = gy * COMPOSITION_GRID + gx;
      out[cellIndex] = Math.round(light / (cell * cell));
      // A gradient of 64 grey levels a pixel is already a very busy cell: scaled so it reads 255.
      out[COMPOSITION_GRID * COMPOSITION_GRID + cellIndex] = Math.min(255, Math.round((edge / (cell * cell)) * 4));
    }
  }
  return out;
}

/** MMCQ needs at least two distinct colours to split. */
function distinctColours(pixels: readonly [number, number, number][]): number {
  const first = pixels[0];
  if (!first) return 0;
  return pixels.some(([r, g, b]) => r !== first[0] || g !== first[1] || b !== first[2]) ? 2 : 1;
}

const round1 = (value: number) => Math.round((value ?? 0) * 10) / 10;
