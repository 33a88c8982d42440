import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { LocalDiskObjectStorage } from '@mkt/platform';
import sharp from 'sharp';
import { DemoMediaRenderer, DemoMediaRenderError } from './demo-media-renderer.js';
import { FfmpegRunner, buildProbeArgs, parseProbeOutput, resolveMediaBinaries } from '@mkt/platform/media';
import { PhotoRenderer } from './photo-renderer.js';
import { DEMO_BUCKETS } from './demo-media-keys.js';
import type { DemoMediaSpec } from './demo-media-spec.js';
import { renderDemoMedia } from './render-demo-media.js';
import { VideoRenderer } from './video-renderer.js';

/** Real ffmpeg, real sharp, objects on local disk: the media are checked as files, not as calls. */
describe('renderDemoMedia', () => {
  let dataDir: string;
  let workDir: string;
  let storage: LocalDiskObjectStorage;
  let runner: FfmpegRunner;
  let renderer: DemoMediaRenderer;

  const video: DemoMediaSpec = { key: 'it-video', kind: 'video', seed: 3, label: '海边日落', width: 640, height: 360, durationSeconds: 2, palette: 'ocean' };
  const photo: DemoMediaSpec = { key: 'it-photo', kind: 'photo', seed: 4, label: '城市夜景', width: 1200, height: 900, palette: 'city' };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'demo-media-store-'));
    workDir = await mkdtemp(join(tmpdir(), 'demo-media-work-'));
    storage = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: 'a-signing-secret-of-at-least-32-characters' });
    runner = new FfmpegRunner(await resolveMediaBinaries());
    renderer = new DemoMediaRenderer(storage, new VideoRenderer(runner), new PhotoRenderer());
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  });

  async function download(ref: { bucket: string; key: string }): Promise<Buffer> {
    const { stream } = await storage.get(ref.bucket, ref.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** ffprobe needs a file; the local store keeps each object as one. */
  const objectPath = (ref: { bucket: string; key: string }) => join(dataDir, 'objects', ref.bucket, ref.key);
  const probe = async (ref: { bucket: string; key: string }) => parseProbeOutput(await runner.ffprobe(buildProbeArgs(objectPath(ref))));

  /** Mean absolute difference per byte between two same-sized decoded frames. */
  async function frameDifference(a: Buffer, b: Buffer): Promise<number> {
    const frame = async (mp4: Buffer, name: string) => {
      const path = join(workDir, name);
      await (await import('node:fs/promises')).writeFile(path, mp4);
      const png = join(workDir, `${name}.png`);
      await runner.ffmpeg(['-v', 'error', '-y', '-i', path, '-vf', 'select=eq(n\\,25)', '-frames:v', '1', '-update', '1', png]);
      return sharp(png).raw().toBuffer();
    };
    const [x, y] = await Promise.all([frame(a, 'a.mp4'), frame(b, 'b.mp4')]);
    let sum = 0;
    for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
    return sum / x.length;
  }

  it('renders a real H.264 video with its 480p preview, thumbnail, strip and watermarked sample', async () => {
    const files = await renderer.render(video, workDir);

    expect(files).toMatchObject({
      original: { bucket: DEMO_BUCKETS.originals, key: 'demo/it-video/original.mp4' },
      thumbnail: { bucket: DEMO_BUCKETS.renditions, key: 'demo/it-video/thumb.jpg' },
      sample: { bucket: DEMO_BUCKETS.samples, key: 'demo/it-video/sample.mp4' },
      preview480: { bucket: DEMO_BUCKETS.renditions, key: 'demo/it-video/preview-480.mp4' },
      previewStrip: { bucket: DEMO_BUCKETS.renditions, key: 'demo/it-video/strip.jpg' },
      width: 640,
      height: 360,
      fps: 25,
      codec: 'h264',
      colorSpace: 'bt709',
      colorTransfer: 'bt709',
    });
    expect(files.durationSeconds).toBeCloseTo(2, 1);
    expect(files.themeColor).toMatch(/^#[0-9a-f]{6}$/);

    const original = await probe(files.original);
    expect(original).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(original.durationSeconds).toBeCloseTo(2, 1);
    expect(await probe(files.preview480!)).toMatchObject({ codec: 'h264', width: 854, height: 480 });
    expect(await probe(files.sample)).toMatchObject({ codec: 'h264', width: 854, height: 480 });
    expect(await sharp(await download(files.thumbnail)).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect(await sharp(await download(files.previewStrip!)).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 90 });
    expect((await storage.stat(DEMO_BUCKETS.originals, files.original.key))?.contentType).toBe('video/mp4');

    // The watermark is visible: the sample's frames differ clearly from the preview's.
    expect(await frameDifference(await download(files.preview480!), await download(files.sample))).toBeGreaterThan(1);
    // Scratch files are gone.
    expect((await readdir(workDir)).filter((name) => name.startsWith('demo-media-'))).toEqual([]);
  });

  it('renders a photo with a cover thumbnail and a watermarked 1600 px sample', async () => {
    const files = await renderer.render(photo, workDir);

    expect(files).toMatchObject({ width: 1200, height: 900, durationSeconds: null, fps: null, codec: 'jpeg', colorSpace: 'srgb' });
    expect(files.preview480).toBeUndefined();
    expect(await sharp(await download(files.original)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect(await sharp(await download(files.thumbnail)).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    // Not enlarged: a 1200 px photo keeps its size in the sample.
    expect(await sharp(await download(files.sample)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });

    const [originalPixels, samplePixels] = await Promise.all([
      sharp(await download(files.original)).raw().toBuffer(),
      sharp(await download(files.sample)).raw().toBuffer(),
    ]);
    let differing = 0;
    for (let i = 0; i < originalPixels.length; i++) if (Math.abs(originalPixels[i] - samplePixels[i]) > 24) differing++;
    expect(differing / originalPixels.length).toBeGreaterThan(0.01);
  });

  it('renders nothing the second time, and returns what the first time stored', async () => {
    const before = await Promise.all([video, photo].map((spec) => renderer.render(spec, workDir)));
    const stamps = await storage.list(DEMO_BUCKETS.renditions, 'demo/');
    // renderDemoMedia builds its own runner, so watch the class rather than the instance.
    const ffmpeg = jest.spyOn(FfmpegRunner.prototype, 'ffmpeg');
    const photos = jest.spyOn(PhotoRenderer.prototype, 'render');

    const again = await Promise.all([video, photo].map((spec) => renderDemoMedia(spec, storage, workDir)));

    expect(again).toEqual(before);
    expect(ffmpeg).not.toHaveBeenCalled();
    expect(photos).not.toHaveBeenCalled();
    expect(await storage.list(DEMO_BUCKETS.renditions, 'demo/')).toEqual(stamps);
    ffmpeg.mockRestore();
    photos.mockRestore();
  });

  it('renders again when the spec changed', async () => {
    const ffmpeg = jest.spyOn(runner, 'ffmpeg');
    const files = await renderer.render({ ...video, seed: 99 }, workDir);
    expect(ffmpeg).toHaveBeenCalledTimes(1);
    expect(files.codec).toBe('h264');
    ffmpeg.mockRestore();
  });

  it('names the spec key when a render fails', async () => {
    const broken = new DemoMediaRenderer(storage, new VideoRenderer(new FfmpegRunner({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' })), new PhotoRenderer());
    const failing = broken.render({ ...video, key: 'it-broken' }, workDir);
    await expect(failing).rejects.toThrow(DemoMediaRenderError);
    await expect(failing).rejects.toThrow(/Demo media 'it-broken' failed to render: \/nonexistent\/ffmpeg could not start/);
    expect(await storage.stat(DEMO_BUCKETS.renditions, 'demo/it-broken/meta.json')).toBeNull();
  });
});
