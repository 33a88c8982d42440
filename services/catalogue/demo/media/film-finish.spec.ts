import { applyFilmFinish } from './film-finish.js';

function grey(width: number, height: number, value = 128) {
  return { data: Buffer.alloc(width * height * 3, value), width, height, channels: 3 };
}

describe('applyFilmFinish', () => {
  it('darkens the corners and leaves the centre at its brightness, give or take the grain', () => {
    const image = grey(201, 101);
    applyFilmFinish(image, { seed: 1 });
    const at = (x: number, y: number) => image.data[(y * 201 + x) * 3];
    expect(Math.abs(at(100, 50) - 128)).toBeLessThanOrEqual(9);
    expect(at(0, 0)).toBeLessThan(128 * 0.7);
  });

  it('adds the same grain for the same seed, other grain for another', () => {
    const [a, b, c] = [grey(64, 64), grey(64, 64), grey(64, 64)];
    applyFilmFinish(a, { seed: 3, vignette: 0 });
    applyFilmFinish(b, { seed: 3, vignette: 0 });
    applyFilmFinish(c, { seed: 4, vignette: 0 });
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    expect(new Set(a.data).size).toBeGreaterThan(5);
  });

  it('keeps values within 0–255 and leaves alpha alone', () => {
    const image = { data: Buffer.from([255, 255, 255, 7, 0, 0, 0, 9]), width: 2, height: 1, channels: 4 };
    applyFilmFinish(image, { seed: 9, grain: 50, vignette: 0 });
    expect([image.data[3], image.data[7]]).toEqual([7, 9]);
  });
});
