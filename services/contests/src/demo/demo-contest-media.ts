import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FfmpegRunner } from '@mkt/platform/media';
import type { InspectedFile } from '../files/contest-media-inspector.js';
import type { DemoMediaSpec } from './demo-contests-plan.js';

/** Just over the 30 seconds the spec asks of a contest video. */
const VIDEO_SECONDS = 32;
const RENDER_VERSION = 3;

/**
 * Renders the demo's entry files with ffmpeg's own sources into `dir` (kept between starts, and
 * between data folders when DEMO_MEDIA_CACHE names one), so a restart renders nothing again.
 */
export class DemoContestMedia {
  constructor(
    private readonly runner: FfmpegRunner,
    private readonly dir: string,
  ) {}

  async render(spec: DemoMediaSpec): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, `v${RENDER_VERSION}-${spec.key}.${spec.role === 'video' ? 'mp4' : 'jpg'}`);
    if (existsSync(path)) return path;
    const scratch = `${path}.${process.pid}.tmp${spec.role === 'video' ? '.mp4' : '.jpg'}`;
    const input = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', spec.source];
    const output =
      spec.role === 'video'
        ? ['-t', String(VIDEO_SECONDS), '-r', '25', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', scratch]
        : ['-frames:v', '1', '-q:v', '3', scratch];
    await this.runner.ffmpeg([...input, ...output]);
    await rename(scratch, path);
    return path;
  }

  /**
   * What the inspector measured of a rendered file, kept beside it: a start with a warm cache
   * stores the files without running ffprobe and ffmpeg over them again.
   */
  async measured(path: string, inspect: () => Promise<InspectedFile>): Promise<InspectedFile> {
    const factsPath = `${path}.facts.json`;
    try {
      return JSON.parse(await readFile(factsPath, 'utf8')) as InspectedFile;
    } catch {
      const facts = await inspect();
      if (facts.format !== null) await writeFile(factsPath, JSON.stringify(facts));
      return facts;
    }
  }
}
