import { useEffect, useState } from 'react';
import { musicCalls } from '../api/musicCalls';
import { reducePeaks } from './wavePeaks';

/**
 * A music block's waveform: the stored peaks as SVG bars, the played part highlighted; a click
 * reports the fraction so the block can start playback there.
 */
export function WaveBars({ waveUrl, progress, onSeek }: { waveUrl: string; progress: number | null; onSeek?: (fraction: number) => void }) {
  const [peaks, setPeaks] = useState<number[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    musicCalls
      .wave(waveUrl, { signal: controller.signal })
      .then((all) => setPeaks(reducePeaks(all)))
      .catch(() => setPeaks([]));
    return () => controller.abort();
  }, [waveUrl]);
  const played = progress === null ? -1 : Math.floor(progress * peaks.length);
  return (
    <svg
      viewBox={`0 0 ${Math.max(1, peaks.length) * 3} 40`}
      preserveAspectRatio="none"
      width="100%"
      height="40"
      role="img"
      aria-hidden="true"
      style={{ cursor: onSeek ? 'pointer' : 'default', display: 'block' }}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onSeek?.(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
      }}
      data-testid="wave-bars"
    >
      {peaks.map((peak, i) => {
        const height = Math.max(2, peak * 38);
        return <rect key={i} x={i * 3} y={(40 - height) / 2} width={2} height={height} rx={1} fill={i <= played ? 'var(--accent)' : 'var(--border-strong)'} />;
      })}
    </svg>
  );
}
