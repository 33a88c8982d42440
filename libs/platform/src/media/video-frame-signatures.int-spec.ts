import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegRunner } from './ffmpeg-runner.js';
import { resolveMediaBinaries } from './media-binaries.js';
import { videoFrameSignatures } from './video-frame-signatures.js';
import { visualSignature } from './visual-signature.js';

const bits = (a: bigint, b: bigint) => [...(a ^ b).toString(2)].filter((bit) => bit === '1').length;

/** Real ffmpeg (the one the README promises: found on the machine or installed from npm). */
describe('videoFrameSignatures', () => {
  let dir: string;
  let runner: FfmpegRunner;
  let clip: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'frame-signatures-'));
    runner = new FfmpegRunner(await resolveMediaBinaries());
    clip = join(dir, 'clip.mp4');
    // 7 s: a moving test pattern, then at 3.5 s a hard cut to a different picture.
    await runner.ffmpeg([
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=3.5',
      '-f', 'lavfi', '-i', 'mandelbrot=size=640x360:rate=25,trim=duration=3.5',
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-pix_fmt', 'yuv420p', clip,
    ]);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes the first frame, one at least every 2 s and the cut, each with its time', async () => {
    const frames = await videoFrameSignatures(runner, clip, dir);
    const times = frames.map((frame) => frame.timeMs);
    expect(times[0]).toBe(0);
    for (const [i, time] of times.entries()) if (i > 0) expect(time - times[i - 1]!).toBeLessThanOrEqual(2_000);
    // The cut at 3.5 s is a frame of its own, not only the next 2-second one.
    expect(times.some((time) => Math.abs(time - 3_500) <= 80)).toBe(true);
    expect(times[times.length - 1]!).toBeGreaterThanOrEqual(5_000);
    for (const frame of frames) expect(frame.colours.length).toBeGreaterThan(0);
  }, 60_000);

  it('a frame grabbed from the clip and saved as a JPEG lands nearest the frames of its own scene', async () => {
    const frames = await videoFrameSignatures(runner, clip, dir);
    const grabbed = join(dir, 'grabbed.jpg');
    await runner.ffmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-ss', '5.2', '-i', clip, '-frames:v', '1', '-q:v', '8', grabbed]);
    const query = await visualSignature(grabbed);
    const nearest = [...frames].sort((a, b) => bits(a.hash, query.hash) - bits(b.hash, query.hash))[0]!;
    expect(nearest.timeMs).toBeGreaterThanOrEqual(3_500);
    expect(bits(nearest.hash, query.hash)).toBeLessThanOrEqual(10);
  }, 60_000);
});
