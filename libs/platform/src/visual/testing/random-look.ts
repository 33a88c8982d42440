import type { Look } from '../look-index.js';

/** A look of one to five colours anywhere in CIELAB (shares adding up to 1, largest first) and a random grid: for tests of look indexes. */
export function randomLook(next: () => number): Look {
  const count = 1 + Math.floor(next() * 5);
  const raw = Array.from({ length: count }, () => next() + 0.05);
  const total = raw.reduce((sum, value) => sum + value, 0);
  return {
    colours: raw
      .map((value) => ({ lab: [Math.round(next() * 100), Math.round(next() * 200 - 100), Math.round(next() * 200 - 100)] as [number, number, number], share: value / total }))
      .sort((a, b) => b.share - a.share),
    composition: Uint8Array.from({ length: 32 }, () => Math.floor(next() * 256)),
  };
}
