import { SeededRandom } from './seeded-random.js';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export interface FilmFinishOptions {
  seed: number;
  /** Grain amplitude in 0–255 levels, either side of zero. */
  grain?: number;
  /** How much the corners darken, 0–1. */
  vignette?: number;
}

const GRAIN_TILE = 256;
/** Resolution of the vignette lookup: squared distances are quantised to this many steps per unit. */
const VIGNETTE_STEPS = 512;

/**
 * Film grain and a vignette, applied in place to raw RGB(A) pixels. Done here rather than in the
 * SVG or a libvips composite because at 4000x3000 one pass in JS costs about 40 ms, where librsvg's
 * full-frame radial gradient costs 100 ms and an 'overlay' composite 270 ms. Grain also hides the
 * banding smooth gradients show in JPEG. Seeded: the same photo every time.
 */
export function applyFilmFinish(image: RawImage, { seed, grain = 9, vignette = 0.35 }: FilmFinishOptions): void {
  const { data, width, height, channels } = image;
  const rng = new SeededRandom(seed ^ 0x27d4eb2f);
  const noise = new Int16Array(GRAIN_TILE * GRAIN_TILE);
  for (let i = 0; i < noise.length; i++) {
    // The sum of two uniforms: a soft triangular distribution, close enough to film grain.
    noise[i] = Math.round((rng.next() + rng.next() - 1) * grain);
  }

  // Separable squared distance from the centre (0 in the middle, 1 at the edges' midpoints).
  const dx = Int32Array.from({ length: width }, (_, x) => Math.round(((2 * x) / (width - 1 || 1) - 1) ** 2 * VIGNETTE_STEPS));
  const dy = Int32Array.from({ length: height }, (_, y) => Math.round(((2 * y) / (height - 1 || 1) - 1) ** 2 * VIGNETTE_STEPS));
  // Brightness factor in 1/256ths for each quantised distance: untouched in the centre, easing darker towards the corners.
  const factor = Int32Array.from({ length: 2 * VIGNETTE_STEPS + 1 }, (_, d2) => {
    const t = Math.min(1, Math.max(0, (d2 / VIGNETTE_STEPS - 0.35) / 1.65));
    return Math.round(256 * (1 - vignette * t * t * (3 - 2 * t)));
  });

  for (let y = 0; y < height; y++) {
    const noiseRow = (y % GRAIN_TILE) * GRAIN_TILE;
    const rowDistance = dy[y];
    let p = y * width * channels;
    for (let x = 0; x < width; x++, p += channels) {
      const f = factor[dx[x] + rowDistance];
      const n = noise[noiseRow + (x % GRAIN_TILE)];
      for (let c = 0; c < 3; c++) {
        const value = ((data[p + c] * f) >> 8) + n;
        data[p + c] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
}
