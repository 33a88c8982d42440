import { spawn } from 'node:child_process';

/** Decoding rate for peaks: plenty for a few hundred bars, and a 3-minute track stays under 3 MB of PCM. */
export const PEAK_SAMPLE_RATE = 8000;

/**
 * Pure: `count` max-abs peaks (0..1, three decimals) of signed 16-bit little-endian mono PCM.
 * Each peak covers an equal share of the samples; with fewer samples than peaks, the extra
 * buckets repeat the nearest sample so the array always has `count` entries.
 */
export function peaksFromPcm(pcm: Buffer, count: number): number[] {
  if (count <= 0) return [];
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return new Array<number>(count).fill(0);
  const peaks: number[] = new Array<number>(count);
  for (let bucket = 0; bucket < count; bucket += 1) {
    const start = Math.floor((bucket * samples) / count);
    const end = Math.max(start + 1, Math.floor(((bucket + 1) * samples) / count));
    let max = 0;
    for (let i = start; i < end && i < samples; i += 1) {
      const value = Math.abs(pcm.readInt16LE(i * 2));
      if (value > max) max = value;
    }
    peaks[bucket] = Math.round((Math.min(max, 32767) / 32767) * 1000) / 1000;
  }
  return peaks;
}

/** Pure: the ffmpeg arguments that decode any audio file to mono 16-bit PCM on stdout. */
export function pcmDecodeArgs(input: string, sampleRate = PEAK_SAMPLE_RATE): string[] {
  return ['-hide_banner', '-loglevel', 'error', '-i', input, '-vn', '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'];
}

/** Decodes `input` with ffmpeg and returns its peaks (the waveform array behind waveUrl). */
export function computePeaks(ffmpeg: string, input: string, count: number, timeoutMs = 60_000): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, pcmDecodeArgs(input), { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-1000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`ffmpeg could not decode ${input} (${code}): ${stderr.trim()}`));
      else resolve(peaksFromPcm(Buffer.concat(chunks), count));
    });
  });
}
