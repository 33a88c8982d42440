import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoMediaSpec } from './demo-media-spec.js';
import { RenderedMediaCache } from './rendered-media-cache.js';
import type { RenderedMedia } from './rendered-media.js';

describe('RenderedMediaCache', () => {
  let dir: string;
  let work: string;
  const spec: DemoMediaSpec = { key: 'photo-000', kind: 'photo', seed: 5000, label: 'x', width: 4000, height: 2667, palette: 'desert' };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-cache-'));
    work = await mkdtemp(join(tmpdir(), 'media-work-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  async function rendered(tag: string): Promise<RenderedMedia> {
    const file = async (name: string) => {
      await writeFile(join(work, name), `${tag}:${name}`);
      return { path: join(work, name), contentType: 'image/jpeg' };
    };
    return {
      files: { original: await file('original.jpg'), thumbnail: await file('thumb.jpg'), sample: await file('sample.jpg') },
      width: 4000, height: 2667, durationSeconds: null, fps: null, codec: 'jpeg', colorSpace: 'srgb', colorTransfer: null, themeColor: '#aa8844',
    };
  }

  it('gives back what was written, from files of its own', async () => {
    const cache = new RenderedMediaCache(dir, 3);
    expect(await cache.read(spec)).toBeNull();
    await cache.write(spec, await rendered('first'));
    await rm(work, { recursive: true, force: true });
    const read = await cache.read(spec);
    expect(read).toMatchObject({ width: 4000, height: 2667, themeColor: '#aa8844' });
    expect(await readFile(read!.files.original.path, 'utf8')).toBe('first:original.jpg');
    expect(read!.files.preview480).toBeUndefined();
  });

  it('misses when the spec or the render version changes', async () => {
    await new RenderedMediaCache(dir, 3).write(spec, await rendered('first'));
    expect(await new RenderedMediaCache(dir, 4).read(spec)).toBeNull();
    expect(await new RenderedMediaCache(dir, 3).read({ ...spec, seed: 5001 })).toBeNull();
  });

  it('keeps the first of two writers of one entry and leaves no scratch folder', async () => {
    const cache = new RenderedMediaCache(dir, 3);
    await cache.write(spec, await rendered('first'));
    await cache.write(spec, await rendered('second'));
    expect(await readFile((await cache.read(spec))!.files.original.path, 'utf8')).toBe('first:original.jpg');
    expect(await readdir(dir)).toHaveLength(1);
  });
});
