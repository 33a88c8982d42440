import sharp from 'sharp';

/**
 * 64-bit difference hash (dHash): the picture shrunk to 9x8 grey pixels, one bit per
 * horizontal neighbour pair (left brighter than right). Survives scaling, re-encoding and mild
 * colour changes, so a re-upload of someone else's photo or frame lands within a few bits.
 */
export async function differenceHash(input: Buffer | string): Promise<string> {
  const pixels = await sharp(input).greyscale().resize(9, 8, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
  return dHashFromGrey(pixels);
}

/** Pure: the hash of a 9x8 grey raster (72 bytes, row-major), as 16 hex digits. */
export function dHashFromGrey(pixels: Uint8Array): string {
  if (pixels.length !== 72) throw new Error(`dHash needs 9x8 grey pixels, got ${pixels.length} bytes`);
  let bits = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      bits = (bits << 1n) | (pixels[row * 9 + col]! > pixels[row * 9 + col + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** Number of differing bits between two 64-bit hashes in hex. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
