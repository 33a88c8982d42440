import sharp from 'sharp';
import { dHashFromGrey, differenceHash, hammingDistance } from './perceptual-hash.js';

describe('dHashFromGrey', () => {
  it('sets a bit where the left pixel is brighter than its right neighbour', () => {
    const falling = new Uint8Array(72).map((_, i) => 255 - (i % 9) * 20);
    const rising = new Uint8Array(72).map((_, i) => (i % 9) * 20);
    expect(dHashFromGrey(falling)).toBe('ffffffffffffffff');
    expect(dHashFromGrey(rising)).toBe('0000000000000000');
  });

  it('refuses a raster of the wrong size', () => {
    expect(() => dHashFromGrey(new Uint8Array(64))).toThrow('9x8');
  });
});

describe('hammingDistance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('00000000000000f0', '0000000000000010')).toBe(3);
    expect(hammingDistance('0123456789abcdef', '0123456789abcdef')).toBe(0);
  });
});

describe('differenceHash', () => {
  const scene = (flip: boolean) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#203040"/>` +
        `<circle cx="${flip ? 600 : 200}" cy="200" r="120" fill="#f0c040"/><rect x="${flip ? 50 : 450}" y="250" width="300" height="150" fill="#40a060"/></svg>`,
    );

  it('gives a resized, recompressed copy nearly the same hash and a different picture a distant one', async () => {
    const original = await sharp(scene(false)).jpeg({ quality: 90 }).toBuffer();
    const copy = await sharp(original).resize(400).jpeg({ quality: 50 }).toBuffer();
    const other = await sharp(scene(true)).jpeg({ quality: 90 }).toBuffer();
    const [a, b, c] = await Promise.all([differenceHash(original), differenceHash(copy), differenceHash(other)]);
    expect(hammingDistance(a, b)).toBeLessThanOrEqual(4);
    expect(hammingDistance(a, c)).toBeGreaterThan(12);
  });
});
