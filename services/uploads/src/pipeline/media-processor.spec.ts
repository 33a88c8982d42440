import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FfmpegRunner } from '@mkt/platform/media';
import { MediaProcessor } from './media-processor.js';

describe('MediaProcessor on photos (sharp only)', () => {
  // Photos never start ffmpeg: a runner that fails proves it.
  const processor = new MediaProcessor({ ffmpeg: () => Promise.reject(new Error('no ffmpeg for photos')), ffprobe: () => Promise.reject(new Error('no ffprobe')) } as unknown as FfmpegRunner);
  const dirs: string[] = [];
  const dir = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'photo-')));
    return dirs.at(-1)!;
  };
  afterAll(() => {
    for (const made of dirs) rmSync(made, { recursive: true, force: true });
  });

  it('reads the size as the picture is seen (EXIF orientation) and renders a 16:9 thumbnail and a sample', async () => {
    const input = join(dir(), 'rotated.jpg');
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } }).jpeg().withMetadata({ orientation: 6 }).toFile(input);
    const outcome = await processor.process('photo', input, dir());
    if (!outcome.ok) throw new Error(outcome.broken.key);
    expect(outcome.probe).toMatchObject({ codec: 'jpeg', width: 3000, height: 4000, maxResolution: '3000x4000' });
    const thumbnail = await sharp(outcome.files.thumbnail.path).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([640, 360]);
    const sample = await sharp(outcome.files.sample.path).metadata();
    expect(Math.max(sample.width!, sample.height!)).toBe(1600);
    expect(outcome.phashes[0]).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses content that is not a JPEG or PNG whatever its name, and unreadable files', async () => {
    const webp = join(dir(), 'photo.jpg');
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000' } }).webp().toFile(webp);
    expect(await processor.process('photo', webp, dir())).toEqual({ ok: false, broken: { key: 'uploadUnsupportedType' } });
    const text = join(dir(), 'notes.jpg');
    await import('node:fs/promises').then((fs) => fs.writeFile(text, 'not a picture'));
    expect(await processor.process('photo', text, dir())).toEqual({ ok: false, broken: { key: 'uploadPhotoUnreadable' } });
  });
});
