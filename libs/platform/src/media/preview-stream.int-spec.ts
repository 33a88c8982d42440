import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegRunner } from './ffmpeg-runner.js';
import { resolveMediaBinaries } from './media-binaries.js';
import { playlistSegments, renderPreviewStream } from './preview-stream.js';
import { probeVideo } from './media-size.js';

/** Real ffmpeg (the one the README promises: found on the machine or installed from npm). */
describe('renderPreviewStream', () => {
  let dir: string;
  let runner: FfmpegRunner;
  let preview: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'preview-stream-'));
    runner = new FfmpegRunner(await resolveMediaBinaries());
    preview = join(dir, 'preview-480.mp4');
    // Like a preview the pipeline writes: 480 lines, x264's default keyframe distance (longer than a segment).
    await runner.ffmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=854x480:rate=25:duration=7', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', preview]);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes two renditions of 2-second segments that each start with a keyframe, and a master naming them', async () => {
    const out = join(dir, 'stream');
    const files = await renderPreviewStream(runner, preview, out);
    expect(files).not.toBeNull();
    expect(files!.at(-1)).toEqual({ relativePath: 'master.m3u8', contentType: 'application/vnd.apple.mpegurl' });

    const master = await readFile(join(out, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/RESOLUTION=428x240[^\n]*\n240p\/index\.m3u8\n[^\n]*RESOLUTION=854x480[^\n]*\n480p\/index\.m3u8/);
    for (const name of ['480p', '240p']) {
      const segments = playlistSegments(await readFile(join(out, name, 'index.m3u8'), 'utf8'));
      expect(segments.map((s) => s.seconds)).toEqual([2, 2, 2, 1]);
      expect(files!.filter((f) => f.relativePath.startsWith(`${name}/`) && f.contentType === 'video/mp2t')).toHaveLength(4);
      // Each segment plays on its own (a seek fetches only the segment it lands in).
      const second = await probeVideo(runner, join(out, name, segments[1]!.uri));
      expect(second).toMatchObject({ codec: 'h264', height: Number.parseInt(name, 10) });
    }
    const bandwidths = [...master.matchAll(/STREAM-INF:BANDWIDTH=(\d+),/g)].map((m) => Number(m[1]));
    expect(bandwidths[0]!).toBeLessThan(bandwidths[1]!);
  }, 60_000);

  it('answers null for a file that is not a video', async () => {
    const text = join(dir, 'not-a-video.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(text, 'hello'));
    await expect(renderPreviewStream(runner, text, join(dir, 'none'))).resolves.toBeNull();
  });
});
