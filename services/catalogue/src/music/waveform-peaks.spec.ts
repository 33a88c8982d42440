import { pcmDecodeArgs, peaksFromPcm } from './waveform-peaks.js';

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
});
