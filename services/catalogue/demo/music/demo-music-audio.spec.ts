import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegRunner, resolveMediaBinaries } from '@mkt/platform/media';
import { computePeaks } from '@mkt/catalogue';
import { cutArgs, demoAudioArgs, demoAudioExpression } from './demo-music-audio.js';

// The peaks of a real file are checked here because the demo's audio is the only sound this
// repository can make without a fixture file.
describe('demo music audio', () => {
  it('builds demo expressions with the tempo in the envelope', () => {
    expect(demoAudioExpression({ style: 'chord', root: 220, bpm: 120, seconds: 10 })).toContain('mod(t,0.5000)');
    expect(demoAudioExpression({ style: 'noise', root: 220, bpm: 60, seconds: 10 })).toContain('random(0)');
    expect(cutArgs('a.mp3', 30, 'b.mp3')).toEqual(expect.arrayContaining(['-t', '30', 'afade=t=out:st=28:d=2']));
  });

  it('computes peaks of a real file rendered and decoded with ffmpeg (loud beats, silent fade)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'peaks-'));
    try {
      const binaries = await resolveMediaBinaries();
      const file = join(dir, 'tone.mp3');
      await new FfmpegRunner(binaries).ffmpeg(demoAudioArgs({ style: 'chord', root: 220, bpm: 120, seconds: 6 }, [{ file, bitrateK: 96 }]));
      const peaks = await computePeaks(binaries.ffmpeg, file, 60);
      expect(peaks).toHaveLength(60);
      expect(Math.max(...peaks)).toBeGreaterThan(0.3);
      expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
      // The last two seconds fade out: the final bucket is much quieter than the loudest.
      expect(peaks[59]!).toBeLessThan(Math.max(...peaks) / 3);
      await expect(computePeaks(binaries.ffmpeg, join(dir, 'missing.mp3'), 10)).rejects.toThrow(/could not decode/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
