// Small numeric helpers for benchmark reports. Pure functions: no I/O, no clock.

/**
 * The finite numbers of a list, sorted ascending (a copy).
 * @param {readonly number[]} values
 * @returns {number[]}
 */
function sortedFinite(values) {
  return values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
}

/**
 * The p-th percentile (0 ≤ p ≤ 100) with linear interpolation between the closest ranks
 * (the common "R-7" definition, as in NumPy and spreadsheets). Non-finite values are ignored.
 * @param {readonly number[]} values
 * @param {number} p
 * @returns {number | null} null for a list without finite numbers
 */
export function percentile(values, p) {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  const sorted = sortedFinite(values);
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/**
 * The median: the middle value, or the mean of the two middle values.
 * @param {readonly number[]} values
 * @returns {number | null}
 */
export function median(values) {
  return percentile(values, 50);
}

/**
 * @typedef {object} Summary
 * @property {number} count
 * @property {number | null} min
 * @property {number | null} max
 * @property {number | null} mean
 * @property {number | null} p50
 * @property {number | null} p95
 * @property {number | null} p99
 */

/**
 * Count, extremes, mean and the usual percentiles of a sample.
 * @param {readonly number[]} values
 * @returns {Summary}
 */
export function summarize(values) {
  const sorted = sortedFinite(values);
  if (sorted.length === 0) return { count: 0, min: null, max: null, mean: null, p50: null, p95: null, p99: null };
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean: sum / sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/**
 * numerator / denominator, or null when either is missing or the division means nothing.
 * @param {number | null | undefined} numerator
 * @param {number | null | undefined} denominator
 * @returns {number | null}
 */
export function ratio(numerator, denominator) {
  if (numerator == null || denominator == null) return null;
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) return null;
  return numerator / denominator;
}

/**
 * A ratio as "0.12×", "3.4×" or "150×": about three significant figures, "—" when unknown.
 * @param {number | null | undefined} value
 * @returns {string}
 */
export function formatRatio(value) {
  if (value == null || !Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}×`;
}

/**
 * Milliseconds for a table: two decimals below 10, one below 100, whole numbers above.
 * @param {number | null | undefined} ms
 * @returns {string}
 */
export function formatMs(ms) {
  if (ms == null || !Number.isFinite(ms)) return '—';
  if (Math.abs(ms) < 10) return ms.toFixed(2);
  if (Math.abs(ms) < 100) return ms.toFixed(1);
  return formatCount(ms);
}

/**
 * A count rounded to a whole number with thousands separators: 12,345.
 * @param {number | null | undefined} value
 * @returns {string}
 */
export function formatCount(value) {
  if (value == null || !Number.isFinite(value)) return '—';
  return Math.round(value).toLocaleString('en-US');
}

/**
 * Bytes as kilobytes (1 KB = 1024 bytes) with one decimal: "123.4 KB".
 * @param {number | null | undefined} bytes
 * @returns {string}
 */
export function formatKB(bytes) {
  if (bytes == null || !Number.isFinite(bytes)) return '—';
  return `${(bytes / 1024).toFixed(1)} KB`;
}
