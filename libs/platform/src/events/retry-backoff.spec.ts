import { retryDelayMs } from './retry-backoff.js';

describe('retryDelayMs', () => {
  const backoff = { retryDelaySeconds: 1, maxRetryDelaySeconds: 10 };
  const noJitter = () => 0.5;

  it('doubles after each failed attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, backoff, noJitter))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never exceeds the ceiling', () => {
    expect(retryDelayMs(30, backoff, noJitter)).toBe(10_000);
  });

  it('spreads retries by up to 20 % either way', () => {
    expect(retryDelayMs(1, backoff, () => 0)).toBe(800);
    expect(retryDelayMs(1, backoff, () => 1)).toBe(1200);
  });
});
