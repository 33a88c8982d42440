import { open } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ContestFileRole } from '@mkt/contracts';
import { differenceHash, orientedSize, probeVideo, videoFrameHashes, type FfmpegRunner } from '@mkt/platform/media';
import { isMp4Header, type MeasuredFile } from './contest-file-rules.js';

export interface InspectedFile extends Omit<MeasuredFile, 'size'> {
  /** Perceptual fingerprints (frames of a video, the photo itself); none for covers. */
  phashes: string[];
}

/** Measures an uploaded contest file on its real content. */
export interface ContestMediaInspector {
  inspect(role: ContestFileRole, path: string): Promise<InspectedFile>;
}
export const CONTEST_MEDIA_INSPECTOR = Symbol('CONTEST_MEDIA_INSPECTOR');

const UNREADABLE: InspectedFile = { format: null, width: null, height: null, durationSeconds: null, phashes: [] };
/** Far above the 30000 px long side the spec allows with any sensible short side. */
const MAX_PIXELS = 30000 * 30000;

/** ffprobe and ffmpeg for videos, sharp for pictures: what the uploads pipeline uses, from the shared toolkit. */
export class ToolkitContestMediaInspector implements ContestMediaInspector {
  constructor(private readonly runner: FfmpegRunner) {}

  async inspect(role: ContestFileRole, path: string): Promise<InspectedFile> {
    return role === 'video' ? this.video(path) : this.picture(role, path);
  }

  private async video(path: string): Promise<InspectedFile> {
    const probed = await probeVideo(this.runner, path);
    if (!probed) return UNREADABLE;
    const mp4 = isMp4Header(await readHeader(path));
    const facts = { format: mp4 ? 'mp4' : 'other', width: probed.width, height: probed.height, durationSeconds: probed.durationSeconds };
    if (!mp4 || !probed.durationSeconds) return { ...facts, phashes: [] };
    const dir = await mkdtemp(join(tmpdir(), 'contest-frames-'));
    try {
      return { ...facts, phashes: await videoFrameHashes(this.runner, path, probed.durationSeconds, dir) };
    } catch {
      // The header probes but frames do not decode: the file, not the machine, is at fault.
      return UNREADABLE;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async picture(role: ContestFileRole, path: string): Promise<InspectedFile> {
    try {
      const meta = await sharp(path, { limitInputPixels: MAX_PIXELS }).metadata();
      const size = orientedSize(meta);
      if (!meta.format || !size) return UNREADABLE;
      const facts = { format: meta.format, width: size.width, height: size.height, durationSeconds: null };
      if (role === 'cover' || meta.format !== 'jpeg') return { ...facts, phashes: [] };
      // A truncated JPEG fails here rather than entering a contest.
      await sharp(path, { failOn: 'truncated', limitInputPixels: MAX_PIXELS }).resize(64).toBuffer();
      return { ...facts, phashes: [await differenceHash(path)] };
    } catch {
      return UNREADABLE;
    }
  }
}

async function readHeader(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
