import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegRunner, resolveMediaBinaries } from '@mkt/platform/media';
import { cutArgs, demoAudioArgs, demoAudioExpression } from './demo-music-audio.js';
import { computePeaks, pcmDecodeArgs, peaksFromPcm } from './waveform-peaks.js';

const pcm = (values: number[]) => {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => buffer.writeInt16LE(v, i * 2));
  return buffer;
};

describe('waveform peaks', () => {
  it('takes the max absolute sample of each equal share, scaled to 0..1', () => {
    expect(peaksFromPcm(pcm([0, 100, -32767, 5, 16384, -16384, 0, 0]), 4)).toEqual([0.003, 1, 0.5, 0]);
  });

  it('always answers `count` peaks, also for short or empty input', () => {
    expect(peaksFromPcm(pcm([32767, -32768]), 4)).toEqual([1, 1, 1, 1]);
    expect(peaksFromPcm(Buffer.alloc(0), 3)).toEqual([0, 0, 0]);
    expect(peaksFromPcm(pcm([1, 2, 3]), 0)).toEqual([]);
  });

  it('decodes to mono 16-bit PCM on stdout', () => {
    expect(pcmDecodeArgs('/x/in.mp3', 8000)).toEqual(['-hide_banner', '-loglevel', 'error', '-i', '/x/in.mp3', '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1']);
  });

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
