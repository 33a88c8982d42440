import sharp, { type SharpOptions } from 'sharp';
import phashModule from 'sharp-phash';
import { seededRandom } from '../random/seeded-random.js';
import { dctHash, dctHashOfGrey } from './dct-hash.js';

// sharp-phash is CommonJS (module.exports = the function) typed with a default export.
type Phash = (input: Buffer, options?: SharpOptions) => Promise<string>;
const phash = ((phashModule as unknown as { default?: Phash }).default ?? phashModule) as unknown as Phash;

describe('dctHash', () => {
  it('gives the hash sharp-phash gives, bit for bit, on rasters and encoded pictures', async () => {
    const next = seededRandom(29);
    const pictures: { input: Buffer; options?: SharpOptions }[] = [];
    for (let n = 0; n < 12; n++) {
      // Noise, smooth gradients and blocky scenes, as 64x64 RGB rasters (what signatures hash).
      const rgb = Buffer.alloc(64 * 64 * 3);
      const kind = n % 3;
      for (let i = 0; i < 64 * 64; i++) {
        const x = i % 64;
        const y = Math.floor(i / 64);
        for (let c = 0; c < 3; c++) rgb[i * 3 + c] = kind === 0 ? Math.floor(next() * 256) : kind === 1 ? (x * (c + 1) * 3 + y * 2) % 256 : (Math.floor(x / 16) + Math.floor(y / 16)) % 2 ? 200 - c * 40 : 30 + c * 20;
      }
      pictures.push({ input: rgb, options: { raw: { width: 64, height: 64, channels: 3 } } });
    }
    for (let n = 0; n < 6; n++) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="rgb(${n * 40},90,140)"/><circle cx="${100 + n * 80}" cy="${120 + n * 20}" r="${40 + n * 10}" fill="#f0c040"/></svg>`;
      pictures.push({ input: await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer() });
    }
    for (const { input, options } of pictures) {
      const expected = await phash(input, options);
      expect((await dctHash(input, options)).toString(2).padStart(64, '0')).toBe(expected);
    }
  });

  it('refuses a raster of the wrong size', () => {
    expect(() => dctHashOfGrey(new Uint8Array(64))).toThrow('32x32');
  });
});
