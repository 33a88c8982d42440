import sharp from 'sharp';
import { detailSimilarity, sourceLikeness } from './detail-likeness.js';
import { DETAIL_SIDE, visualSignature } from './visual-signature.js';

/** A sky shading down to a horizon, a sun and a line of hills: one kind of scene, told apart by the sun's place and the hills. */
const landscape = (sun: { x: number; y: number }, hills: number[], width = 1280, height = 720) => {
  const step = width / (hills.length - 1);
  const ridge = hills.map((h, i) => `${Math.round(i * step)},${Math.round(height * h)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1650"/><stop offset="1" stop-color="#e0607a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${sun.x * width}" cy="${sun.y * height}" r="${height * 0.035}" fill="#f0a0a8"/>
    <polygon points="0,${height} ${ridge} ${width},${height}" fill="#3a2040"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

const HILLS = [0.7, 0.62, 0.66, 0.58, 0.64, 0.6, 0.68];

describe('detail likeness', () => {
  it('knows a frame changed as buyers change pictures (re-encoded, darker, captioned) for itself', async () => {
    const frame = await landscape({ x: 0.3, y: 0.3 }, HILLS);
    const stored = (await visualSignature(frame)).detail;
    expect(stored).toHaveLength(DETAIL_SIDE * DETAIL_SIDE);
    const caption = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="360" height="56"><rect width="100%" height="100%" fill="black"/><text x="8" y="40" font-size="34" fill="white">REF 0042</text></svg>');
    const changed = [
      await sharp(frame).jpeg({ quality: 40 }).toBuffer(),
      await sharp(frame).modulate({ brightness: 0.85 }).jpeg({ quality: 85 }).toBuffer(),
      await sharp(frame).resize(640).png().toBuffer(),
      await sharp(frame).composite([{ input: caption, left: 900, top: 650 }]).png().toBuffer(),
    ];
    for (const picture of changed) expect(sourceLikeness((await visualSignature(picture)).detail, stored)).toBeGreaterThanOrEqual(0.85);
  });

  it('tells another picture of the same kind of scene apart, which plain correlation does not', async () => {
    const stored = (await visualSignature(await landscape({ x: 0.3, y: 0.3 }, HILLS))).detail;
    const others = [
      await landscape({ x: 0.36, y: 0.3 }, HILLS),
      await landscape({ x: 0.33, y: 0.32 }, HILLS),
      await landscape({ x: 0.3, y: 0.3 }, [0.66, 0.6, 0.7, 0.6, 0.62, 0.66, 0.64]),
    ];
    for (const other of others) {
      const detail = (await visualSignature(other)).detail;
      expect(detailSimilarity(detail, stored)).toBeGreaterThan(0.9);
      expect(sourceLikeness(detail, stored)).toBeLessThan(0.85);
    }
  });

  it('compares grids of either size at 16x16, and judges no source on a grid of the old size', async () => {
    const fine = (await visualSignature(await landscape({ x: 0.3, y: 0.3 }, HILLS))).detail;
    const coarse = new Uint8Array(16 * 16);
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < 16; x++) {
        const at = (dy: number, dx: number) => fine[(2 * y + dy) * DETAIL_SIDE + 2 * x + dx]!;
        coarse[y * 16 + x] = Math.round((at(0, 0) + at(0, 1) + at(1, 0) + at(1, 1)) / 4);
      }
    }
    expect(detailSimilarity(fine, coarse)).toBeGreaterThan(0.999);
    // Both grids averaged to 16x16 first, whatever their size.
    const other = (await visualSignature(await landscape({ x: 0.36, y: 0.3 }, HILLS))).detail;
    expect(detailSimilarity(other, fine)).toBeCloseTo(detailSimilarity(other, coarse), 2);
    expect(detailSimilarity(coarse, fine)).toBeGreaterThan(0.999);
    expect(sourceLikeness(fine, coarse)).toBe(-1);
    expect(sourceLikeness(coarse, coarse)).toBe(-1);
  });

  it('finds no source in flat pictures', () => {
    const grey = new Uint8Array(DETAIL_SIDE * DETAIL_SIDE).fill(90);
    expect(sourceLikeness(grey, grey)).toBeLessThan(0.85);
  });
});
