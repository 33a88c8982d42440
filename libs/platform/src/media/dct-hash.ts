import sharp, { type SharpOptions } from 'sharp';

/**
 * The 64-bit DCT perceptual hash of sharp-phash 2.2, bit for bit, at a sixteenth of its cost: the
 * package computes all 32x32 coefficients of the 32x32 grey picture (a million products, about
 * 5 ms of the main thread a picture) and reads 64 of them. This computes those 64, with the same
 * products summed in the same order, so every hash already stored stays comparable
 * (dct-hash.spec.ts checks it against the package).
 */
const SAMPLE = 32;
const LOW = 8;

// The package's tables: COS[k][n] = cos((2k + 1) / 2N * n * pi).
const COS: Float64Array[] = Array.from({ length: SAMPLE }, (_, k) => Float64Array.from({ length: SAMPLE }, (_, n) => Math.cos(((2 * k + 1) / (2.0 * SAMPLE)) * n * Math.PI)));

/** The hash of a picture sharp can read with `options` (raw rasters included). */
export async function dctHash(image: Buffer, options?: SharpOptions): Promise<bigint> {
  // The package's pipeline, step for step.
  const grey = await sharp(image, options).greyscale().resize(SAMPLE, SAMPLE, { fit: 'fill' }).rotate().raw().toBuffer();
  return dctHashOfGrey(grey);
}

/** The hash of a 32x32 grey raster (row-major). */
export function dctHashOfGrey(grey: Uint8Array): bigint {
  if (grey.length !== SAMPLE * SAMPLE) throw new Error(`a DCT hash needs ${SAMPLE}x${SAMPLE} grey pixels, got ${grey.length} bytes`);
  // The package's f[i][j] is the pixel at column i, row j.
  const coefficients = new Float64Array(LOW * LOW);
  for (let x = 0; x < LOW; x++) {
    for (let y = 0; y < LOW; y++) {
      const u = x + 1;
      const v = y + 1;
      let sum = 0;
      for (let i = 0; i < SAMPLE; i++) {
        for (let j = 0; j < SAMPLE; j++) sum += COS[i]![u]! * COS[j]![v]! * grey[SAMPLE * j + i]!;
      }
      // The package multiplies by c(u) c(v) / 4, and c is 1 beyond the first coefficient.
      coefficients[x * LOW + y] = sum * 0.25;
    }
  }
  let total = 0;
  for (let i = 0; i < LOW * LOW; i++) total += coefficients[i]!;
  const average = total / (LOW * LOW);
  let hash = 0n;
  for (let i = 0; i < LOW * LOW; i++) hash = (hash << 1n) | (coefficients[i]! > average ? 1n : 0n);
  return hash;
}
