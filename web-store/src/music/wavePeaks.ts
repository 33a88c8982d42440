const BARS = 120;

/** Pure: the peak array reduced to `bars` maxima for a compact drawing. */
export function reducePeaks(peaks: readonly number[], bars = BARS): number[] {
  if (peaks.length <= bars) return [...peaks];
  return Array.from({ length: bars }, (_, i) => {
    const start = Math.floor((i * peaks.length) / bars);
    const end = Math.floor(((i + 1) * peaks.length) / bars);
    return Math.max(...peaks.slice(start, Math.max(end, start + 1)));
  });
}
