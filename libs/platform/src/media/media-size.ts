import { inputUnreachable, type FfmpegRunner } from './ffmpeg-runner.js';
import { buildProbeArgs } from './ffmpeg-args.js';
import { parseProbeOutput, type ProbedVideo } from './probe-result.js';

/**
 * ffprobe a video (a file path or an http(s) link); null when ffprobe cannot read it or finds
 * no video stream. A link the store could not serve rejects instead: it says nothing of the file.
 */
export async function probeVideo(runner: FfmpegRunner, path: string): Promise<ProbedVideo | null> {
  try {
    return parseProbeOutput(await runner.ffprobe(buildProbeArgs(path)));
  } catch (error) {
    if (inputUnreachable(path, error)) throw error;
    return null;
  }
}

/**
 * A picture's size as it is seen: EXIF orientations 5 to 8 turn it a quarter, swapping the
 * stored width and height. Null when the metadata has no size.
 */
export function orientedSize(meta: { width?: number; height?: number; orientation?: number }): { width: number; height: number } | null {
  if (!meta.width || !meta.height) return null;
  return (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}
