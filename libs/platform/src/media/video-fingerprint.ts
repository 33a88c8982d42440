import { join } from 'node:path';
import { buildKeyframeArgs } from './ffmpeg-args.js';
import type { FfmpegRunner } from './ffmpeg-runner.js';
import { differenceHash, hammingDistance } from './perceptual-hash.js';

/**
 * A video's perceptual fingerprint: the dHash of frames at a quarter, half and three quarters,
 * so a re-encoded, re-cut or trimmed copy still shares some. The uploads pipeline and contest
 * entries compare these with {@link hammingDistance}. Frames are written into `dir`.
 */
export async function videoFrameHashes(runner: FfmpegRunner, input: string, durationSeconds: number, dir: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const [i, fraction] of [0.25, 0.5, 0.75].entries()) {
    const frame = join(dir, `keyframe-${i}.png`);
    await runner.ffmpeg(buildKeyframeArgs(input, durationSeconds * fraction, frame));
    hashes.push(await differenceHash(frame));
  }
  return hashes;
}

/** True when any hash of one file is within `distance` bits of any hash of the other: the same work. */
export function sharesFrame(ours: readonly string[], theirs: readonly string[], distance: number): boolean {
  return ours.some((a) => theirs.some((b) => hammingDistance(a, b) <= distance));
}
