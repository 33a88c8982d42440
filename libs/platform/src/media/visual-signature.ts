import { converter, formatHex } from 'culori';
import quantize from 'quantize';
import sharp from 'sharp';
import { dctHash } from './dct-hash.js';

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
/** 32: at 16 the grids of two pictures of one kind of scene were hardly apart (see sourceLikeness). */
export const DETAIL_SIDE = 32;
const MAX_COLOURS = 5;

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
  const hash = await dctHash(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), {
    raw: { width: SIGNATURE_RASTER, height: SIGNATURE_RASTER, channels: 3 },
  });
  return { hash, colours: dominantColours(rgb), composition: compositionGrid(rgb), detail: detailGrid(rgb) };
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
