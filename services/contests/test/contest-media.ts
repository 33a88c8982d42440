import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { resolveMediaBinaries } from '@mkt/platform/media';

const run = promisify(execFile);
const CACHE = join(tmpdir(), 'mkt-contest-test-media');

/**
 * Real media for contest tests, rendered once per machine: ffmpeg clips from its test sources
 * and sharp pictures from seeded noise, so every file is a different work unless a test copies one.
 */
export async function clip(name: string, options: { source: string; width: number; height: number; seconds: number; container?: 'mp4' | 'mov'; crf?: number }): Promise<Buffer> {
  await mkdir(CACHE, { recursive: true });
  const path = join(CACHE, `${name}.${options.container ?? 'mp4'}`);
  if (!existsSync(path)) {
    const { ffmpeg } = await resolveMediaBinaries();
    await run(ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `${options.source}=size=${options.width}x${options.height}:rate=5`,
      '-t', String(options.seconds),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', String(options.crf ?? 30), '-pix_fmt', 'yuv420p',
      path,
    ]);
  }
  return readFile(path);
}

/** A JPEG (or PNG) of seeded noise: the seed decides the work. */
export async function picture(seed: number, options: { width?: number; height?: number; format?: 'jpeg' | 'png'; quality?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  // Blocks of 32 px keep the picture's structure at the 9x8 scale the fingerprint looks at.
  const blocks = new Map<string, number>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const key = `${Math.floor(x / 32)}:${Math.floor(y / 32)}`;
      if (!blocks.has(key)) {
        state = (state * 1103515245 + 12345) % 2147483648;
        blocks.set(key, state % 256);
      }
      const value = blocks.get(key)!;
      raw.set([value, (value * 3) % 256, (value * 7) % 256], (y * width + x) * 3);
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return options.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: options.quality ?? 80 }).toBuffer();
}

/** The same picture re-encoded smaller and at another quality: a copy the fingerprint must still catch. */
export async function reencoded(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg).resize(500).jpeg({ quality: 55 }).toBuffer();
}
