import { formatCount, formatKB, formatMs, formatRatio, median, percentile, ratio, summarize } from './stats.mjs';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is null for an empty list and ignores non-finite values', () => {
    expect(median([])).toBeNull();
    expect(median([Number.NaN, 7, Number.POSITIVE_INFINITY])).toBe(7);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1); // 1..100

  it('interpolates between the closest ranks', () => {
    expect(percentile(hundred, 95)).toBeCloseTo(95.05, 10);
    expect(percentile(hundred, 99)).toBeCloseTo(99.01, 10);
    expect(percentile([10, 20], 25)).toBe(12.5);
  });

  it('returns the extremes at 0 and 100 and the only value of a single sample', () => {
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([42], 95)).toBe(42);
  });

  it('rejects a percentile outside 0..100', () => {
    expect(() => percentile(hundred, 101)).toThrow(RangeError);
    expect(() => percentile(hundred, -1)).toThrow(RangeError);
    expect(() => percentile(hundred, Number.NaN)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('gives count, extremes, mean and percentiles', () => {
    expect(summarize([4, 2, 8, 6])).toEqual({ count: 4, min: 2, max: 8, mean: 5, p50: 5, p95: expect.closeTo(7.7, 10), p99: expect.closeTo(7.94, 10) });
  });

  it('is all null for no samples', () => {
    expect(summarize([])).toEqual({ count: 0, min: null, max: null, mean: null, p50: null, p95: null, p99: null });
  });
});

describe('ratio', () => {
  it('divides', () => {
    expect(ratio(1, 4)).toBe(0.25);
  });

  it('is null when a side is missing, not finite, or the denominator is zero', () => {
    expect(ratio(null, 2)).toBeNull();
    expect(ratio(2, undefined)).toBeNull();
    expect(ratio(2, 0)).toBeNull();
    expect(ratio(Number.NaN, 2)).toBeNull();
  });
});

describe('formatting', () => {
  it('prints ratios with about three significant figures', () => {
    expect(formatRatio(0.1234)).toBe('0.12×');
    expect(formatRatio(3.456)).toBe('3.46×');
    expect(formatRatio(12.34)).toBe('12.3×');
    expect(formatRatio(150.4)).toBe('150×');
    expect(formatRatio(null)).toBe('—');
  });

  it('prints milliseconds with fewer decimals as they grow', () => {
    expect(formatMs(0.456)).toBe('0.46');
    expect(formatMs(12.34)).toBe('12.3');
    expect(formatMs(1234.5)).toBe('1,235');
    expect(formatMs(undefined)).toBe('—');
  });

  it('prints counts with thousands separators and sizes in KB of 1024 bytes', () => {
    expect(formatCount(12345.6)).toBe('12,346');
    expect(formatKB(204800)).toBe('200.0 KB');
    expect(formatKB(1536)).toBe('1.5 KB');
  });
});
