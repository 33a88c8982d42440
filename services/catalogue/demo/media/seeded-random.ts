/**
 * A small deterministic random source (mulberry32), so one seed always yields the same scene,
 * camera move and texture: re-seeding a demo catalogue reproduces the same media.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    // Mix the seed once so neighbouring seeds (1, 2, 3…) do not start from neighbouring states.
    this.state = (Math.imul(Math.trunc(seed) ^ 0x9e3779b9, 0x85ebca6b) >>> 0) || 1;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max]. */
  integer(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}
