import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectStorage } from '@mkt/platform';
import { DEMO_BUCKETS, DEMO_RENDER_VERSION, demoObjectKeys, type DemoObjectKeys } from './demo-media-keys.js';
import { FfmpegRunner, resolveMediaBinaries } from '@mkt/platform/media';
import { PhotoRenderer } from './photo-renderer.js';
import type { DemoMediaFiles, DemoMediaSpec, StoredRef } from './demo-media-spec.js';
import type { RenderedFile, RenderedMedia } from './rendered-media.js';
import { RenderedMediaCache } from './rendered-media-cache.js';
import { VideoRenderer } from './video-renderer.js';

/** What meta.json holds: enough to answer a re-run without rendering, and to notice a changed spec. */
interface StoredDemoMeta {
  version: number;
  spec: DemoMediaSpec;
  files: DemoMediaFiles;
}

export class DemoMediaRenderError extends Error {
  constructor(
    readonly specKey: string,
    cause: unknown,
  ) {
    super(`Demo media '${specKey}' failed to render: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DemoMediaRenderError';
  }
}

/** Renders demo media unless it is already stored, then stores the files and their metadata. */
export class DemoMediaRenderer {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly videos: VideoRenderer,
    private readonly photos: PhotoRenderer,
    private readonly cache: RenderedMediaCache | null = null,
  ) {}

  /** `cacheDir`: a folder of rendered media shared across data folders (see RenderedMediaCache). */
  static async create(storage: ObjectStorage, options: { cacheDir?: string } = {}): Promise<DemoMediaRenderer> {
    const runner = new FfmpegRunner(await resolveMediaBinaries());
    const cache = options.cacheDir ? new RenderedMediaCache(options.cacheDir, DEMO_RENDER_VERSION) : null;
    return new DemoMediaRenderer(storage, new VideoRenderer(runner), new PhotoRenderer(), cache);
  }

  async render(spec: DemoMediaSpec, workDir: string): Promise<DemoMediaFiles> {
    try {
      const keys = demoObjectKeys(spec);
      await Promise.all(Object.values(DEMO_BUCKETS).map((bucket) => this.storage.ensureBucket(bucket)));
      const stored = await this.readStored(spec, keys);
      if (stored) return stored;

      const cached = await this.cache?.read(spec);
      if (cached) return await this.store(spec, keys, cached);

      await mkdir(workDir, { recursive: true });
      const dir = await mkdtemp(join(workDir, 'demo-media-'));
      try {
        const rendered = spec.kind === 'video' ? await this.videos.render(spec, dir) : await this.photos.render(spec, dir);
        await this.cache?.write(spec, rendered);
        return await this.store(spec, keys, rendered);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } catch (error) {
      throw error instanceof DemoMediaRenderError ? error : new DemoMediaRenderError(spec.key, error);
    }
  }

  /** The stored result, when every object exists and was made from this very spec. */
  private async readStored(spec: DemoMediaSpec, keys: DemoObjectKeys): Promise<DemoMediaFiles | null> {
    const refs = [...mediaRefs(keys), { bucket: DEMO_BUCKETS.renditions, key: keys.meta }];
    const stats = await Promise.all(refs.map((ref) => this.storage.stat(ref.bucket, ref.key)));
    if (stats.some((stat) => stat === null)) return null;
    try {
      const download = await this.storage.get(DEMO_BUCKETS.renditions, keys.meta);
      const meta = JSON.parse((await readStream(download.stream)).toString('utf8')) as StoredDemoMeta;
      const sameSpec = JSON.stringify(meta.spec) === JSON.stringify(normaliseSpec(spec));
      return meta.version === DEMO_RENDER_VERSION && sameSpec ? meta.files : null;
    } catch {
      // Unreadable metadata is as good as none: render again and overwrite it.
      return null;
    }
  }

  private async store(spec: DemoMediaSpec, keys: DemoObjectKeys, rendered: RenderedMedia): Promise<DemoMediaFiles> {
    const ref = (bucket: string, key: string): StoredRef => ({ bucket, key });
    const files: DemoMediaFiles = {
      original: ref(DEMO_BUCKETS.originals, keys.original),
      thumbnail: ref(DEMO_BUCKETS.renditions, keys.thumbnail),
      sample: ref(DEMO_BUCKETS.samples, keys.sample),
      ...(keys.preview480 && { preview480: ref(DEMO_BUCKETS.renditions, keys.preview480) }),
      ...(keys.previewStrip && { previewStrip: ref(DEMO_BUCKETS.renditions, keys.previewStrip) }),
      width: rendered.width,
      height: rendered.height,
      durationSeconds: rendered.durationSeconds,
      fps: rendered.fps,
      codec: rendered.codec,
      colorSpace: rendered.colorSpace,
      colorTransfer: rendered.colorTransfer,
      themeColor: rendered.themeColor,
    };
    const uploads: Array<[StoredRef | undefined, RenderedFile | undefined]> = [
      [files.original, rendered.files.original],
      [files.thumbnail, rendered.files.thumbnail],
      [files.sample, rendered.files.sample],
      [files.preview480, rendered.files.preview480],
      [files.previewStrip, rendered.files.previewStrip],
    ];
    await Promise.all(
      uploads.map(async ([target, file]) => {
        if (!target || !file) return;
        const body = await readFile(file.path);
        await this.storage.put(target.bucket, target.key, body, { contentType: file.contentType, size: body.length });
      }),
    );
    // Last, so a crash halfway leaves no meta.json and the next run renders again.
    const meta: StoredDemoMeta = { version: DEMO_RENDER_VERSION, spec: normaliseSpec(spec), files };
    const body = Buffer.from(JSON.stringify(meta, null, 2));
    await this.storage.put(DEMO_BUCKETS.renditions, keys.meta, body, { contentType: 'application/json', size: body.length });
    return files;
  }
}

function mediaRefs(keys: DemoObjectKeys): StoredRef[] {
  const renditions = [keys.thumbnail, keys.preview480, keys.previewStrip].filter((key): key is string => key !== undefined);
  return [
    { bucket: DEMO_BUCKETS.originals, key: keys.original },
    { bucket: DEMO_BUCKETS.samples, key: keys.sample },
    ...renditions.map((key) => ({ bucket: DEMO_BUCKETS.renditions, key })),
  ];
}

/** A fixed key order, so comparing stored and current specs as JSON is reliable. */
function normaliseSpec(spec: DemoMediaSpec): DemoMediaSpec {
  const { key, kind, seed, label, width, height, durationSeconds, fps, palette } = spec;
  return { key, kind, seed, label, width, height, durationSeconds, fps, palette };
}

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
