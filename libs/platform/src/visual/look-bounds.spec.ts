import { seededRandom } from '../random/seeded-random.js';
import { ColourCellBounds, TABLE_SCALE, cellOf } from './look-bounds.js';

describe('ColourCellBounds', () => {
  it('never puts a stored colour farther from a query colour than the colours are apart', () => {
    const next = seededRandom(41);
    const byte = () => Math.floor(next() * 256);
    for (let q = 0; q < 50; q++) {
      const query = [{ l: next() * 100, a: next() * 255 - 128, b: next() * 255 - 128 }, { l: next() * 100, a: next() * 255 - 128, b: next() * 255 - 128 }];
      const bounds = new ColourCellBounds(query, 60);
      for (let r = 0; r < 2_000; r++) {
        // A colour as the index decodes it (look-index.ts RowColours.read).
        const stored = [byte(), byte(), byte()] as const;
        const colour = { l: stored[0] / 2.55, a: stored[1] - 128, b: stored[2] - 128 };
        const cell = cellOf(...stored);
        const exact = query.map((own) => Math.min(1, Math.hypot(own.l - colour.l, own.a - colour.a, own.b - colour.b) / 60));
        query.forEach((_, i) => expect(bounds.ofColour[i]![cell]! / TABLE_SCALE).toBeLessThanOrEqual(exact[i]!));
        expect(bounds.ofAny[cell]! / TABLE_SCALE).toBeLessThanOrEqual(Math.min(...exact));
      }
    }
  });

  it('is tight enough to rule colours out: a far colour is bounded far, the colour itself at 0', () => {
    const bounds = new ColourCellBounds([{ l: 50, a: 0, b: 0 }], 60);
    expect(bounds.ofAny[cellOf(Math.round(50 * 2.55), 128, 128)]).toBe(0);
    // 100 apart on a: the cell's box is within 8 of the colour, so the bound is near 1 (far).
    expect(bounds.ofAny[cellOf(Math.round(50 * 2.55), 228, 128)]! / TABLE_SCALE).toBeGreaterThan(0.95);
    // No query colours: nothing can be said, and 0 says nothing.
    expect(new ColourCellBounds([], 60).ofAny.every((value) => value === 0)).toBe(true);
  });
});
