import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSignatureFramesArgs } from './ffmpeg-args.js';
import type { FfmpegRunner } from './ffmpeg-runner.js';
import { SIGNATURE_RASTER, signatureOfRaster, type VisualSignature } from './visual-signature.js';

export interface FrameSignature extends VisualSignature {
  /** Where the frame is in the clip, in milliseconds from its start. */
  timeMs: number;
}

/**
 * The visual signature of a video's first frame, of one frame at least every 2 s and of each
 * scene change (buildSignatureFramesArgs), in time order. Frames are written into `dir`. One
 * decode of the whole clip: a long original takes as long as reading it once.
 */
export async function videoFrameSignatures(runner: FfmpegRunner, input: string, dir: string): Promise<FrameSignature[]> {
  const rawPath = join(dir, 'signature-frames.rgb');
  const timesPath = join(dir, 'signature-frames.txt');
  await runner.ffmpeg(buildSignatureFramesArgs(input, SIGNATURE_RASTER, rawPath, timesPath));
  const [raw, times] = await Promise.all([readFile(rawPath), readFile(timesPath, 'utf8')]);
  const frameBytes = SIGNATURE_RASTER * SIGNATURE_RASTER * 3;
  const timesMs = frameTimesMs(times);
  const count = Math.min(timesMs.length, Math.floor(raw.length / frameBytes));
  const frames: FrameSignature[] = [];
  for (let i = 0; i < count; i++) {
    const signature = await signatureOfRaster(raw.subarray(i * frameBytes, (i + 1) * frameBytes));
    frames.push({ timeMs: timesMs[i]!, ...signature });
  }
  return frames;
}

/** The `pts_time:` of each frame in ffmpeg's metadata print, in milliseconds, in order. */
export function frameTimesMs(metadata: string): number[] {
  const times: number[] = [];
  for (const match of metadata.matchAll(/pts_time:(-?[\d.]+)/g)) times.push(Math.max(0, Math.round(Number(match[1]) * 1000)));
  return times;
}
