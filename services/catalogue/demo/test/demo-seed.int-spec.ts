import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { getDataSourceToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { MaterialSearchResponse, Topic } from '@mkt/contracts';
import { APP_CONFIG, OBJECT_STORAGE, ReadinessRegistry, type AppConfig, type ObjectStorage } from '@mkt/platform';
import { MaterialWriter } from '@mkt/catalogue';
import { FfmpegRunner, buildProbeArgs, parseProbeOutput, resolveMediaBinaries } from '@mkt/platform/media';
import type { DemoMediaFiles, DemoMediaSpec } from '../media/index.js';
import { DemoCatalogueSeedService, defaultDemoMediaRenderer, type DemoMediaRenderer } from '../seed/demo-catalogue-seed.service.js';
import { startCatalogue, type CatalogueHarness } from '../../test/catalogue-harness.js';

/**
 * The seed with the real renderer for a few items (what is listed is what the files are), then a
 * stand-in renderer (tiny stored files) for the rest: real rendering is the media module's own test.
 */
describe('catalogue: demo seed', () => {
  let h: CatalogueHarness;
  let seeder: DemoCatalogueSeedService;
  let realSeeder: DemoCatalogueSeedService;
  const rendered: string[] = [];

  beforeAll(async () => {
    h = await startCatalogue();
    const app = h.server.app;
    const render = async (spec: DemoMediaSpec, storage: ObjectStorage): Promise<DemoMediaFiles> => {
      rendered.push(spec.key);
      if (spec.key === 'video-003') throw new Error('ffmpeg exploded');
      await storage.ensureBucket('renditions');
      await storage.put('renditions', `demo/${spec.key}/thumb.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), { contentType: 'image/jpeg' });
      const ref = (bucket: string, name: string) => ({ bucket, key: `demo/${spec.key}/${name}` });
      return {
        original: ref('originals', 'original'),
        thumbnail: ref('renditions', 'thumb.jpg'),
        sample: ref('renditions', spec.kind === 'video' ? 'sample.mp4' : 'sample.jpg'),
        ...(spec.kind === 'video' ? { preview480: ref('renditions', 'preview-480.mp4'), previewStrip: ref('renditions', 'strip.jpg') } : {}),
        width: spec.width,
        height: spec.height,
        durationSeconds: spec.durationSeconds ?? null,
        fps: spec.fps ?? null,
        codec: spec.kind === 'video' ? 'h264' : 'jpeg',
        colorSpace: null,
        colorTransfer: null,
        themeColor: '#336699',
      };
    };
    const seederWith = (renderer: DemoMediaRenderer) =>
      new DemoCatalogueSeedService(
        app.get<DataSource>(getDataSourceToken('catalogue')),
        app.get<AppConfig>(APP_CONFIG),
        app.get<ObjectStorage>(OBJECT_STORAGE),
        renderer,
        app.get(MaterialWriter),
        app.get(ReadinessRegistry),
      );
    seeder = seederWith(render);
    realSeeder = seederWith(defaultDemoMediaRenderer);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is not part of the catalogue service: the runtime module provides no demo seed', () => {
    expect(() => h.server.app.get(DemoCatalogueSeedService)).toThrow();
  });

  it('lists the size, length and frame rate of the very file a buyer gets, and sizes a contributor could upload', async () => {
    expect(await realSeeder.seed(4)).toBe(4);
    const materials = await h.sql<{ kind: string; width: number; height: number; duration: string | null; frame_rate: string | null; max_resolution: string; original_key: string; title_en: string }>(
      `SELECT kind, width, height, duration, frame_rate, max_resolution, original_key, title_en FROM catalogue.materials ORDER BY id`,
    );
    expect(materials.map((m) => m.kind).sort()).toEqual(['photo', 'photo', 'video', 'video']);
    const runner = new FfmpegRunner(await resolveMediaBinaries());
    const scratch = await mkdtemp(join(tmpdir(), 'demo-seed-check-'));
    try {
      for (const material of materials) {
        const [bucket, ...key] = material.original_key.split('/');
        const file = join(scratch, key.join('_'));
        const { stream } = await h.storage().get(bucket!, key.join('/'));
        await pipeline(stream, createWriteStream(file));
        if (material.kind === 'video') {
          const probed = parseProbeOutput(await runner.ffprobe(buildProbeArgs(file)));
          expect([material.width, material.height]).toEqual([probed.width, probed.height]);
          expect(Number(material.duration)).toBeCloseTo(probed.durationSeconds!, 1);
          expect(Number(material.frame_rate)).toBeCloseTo(probed.fps!, 2);
          expect(material.max_resolution).toBe(probed.height >= 2160 ? '4K' : '1080P');
          // Spec section 8: clips are at least 1080P.
          expect(probed.height).toBeGreaterThanOrEqual(1080);
          expect(material.title_en).toMatch(/ as the (camera moves in|camera pulls back|drone flies forward|drone rises back)$/);
        } else {
          const meta = await sharp(file).metadata();
          expect([material.width, material.height]).toEqual([meta.width, meta.height]);
          expect(material.max_resolution).toBe(`${meta.width}x${meta.height}`);
          // Spec section 8: photos have at least 10 megapixels.
          expect(meta.width! * meta.height!).toBeGreaterThanOrEqual(10_000_000);
        }
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('resumes an interrupted demo: publishes only the missing items, skipping items that fail to render', async () => {
    expect(await seeder.seed(60)).toBe(55);
    // 33 videos and 27 photos planned; the first 2 of each were published already; one clip failed.
    expect(rendered).toHaveLength(56);
    expect(rendered).not.toContain('video-000');
    const [counts] = await h.sql<{ videos: string; photos: string; traditional: string }>(
      `SELECT count(*) FILTER (WHERE kind = 'video') AS videos, count(*) FILTER (WHERE kind = 'photo') AS photos,
              count(*) FILTER (WHERE title_zh ~ '[雲霧]') AS traditional FROM catalogue.materials`,
    );
    expect(counts).toEqual({ videos: '32', photos: '27', traditional: '0' });
    expect((await h.sql(`SELECT 1 FROM catalogue.categories`)).length).toBe(9);
    expect((await h.sql(`SELECT 1 FROM catalogue.hot_words`)).length).toBe(16);
    const topics = await h.call<{ topicList: Topic[] }>('/home/index', { lang: 'zh-CN' });
    expect(topics.body.data.topicList).toHaveLength(6);
    expect(topics.body.data.topicList.every((t) => t.homeCover.startsWith('/api/media/renditions/demo/'))).toBe(true);
    const dunes = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '沙丘' }, lang: 'zh-CN' });
    expect(dunes.body.data.infos.length).toBeGreaterThan(0);
    expect(dunes.body.data.infos.every((m) => m.title.includes('沙'))).toBe(true);
    const traditional = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '雲海' }, lang: 'zh-CN' });
    expect(traditional.body.data.infos[0]!.title).toMatch(/云海/);
    const thumb = await fetch(`${h.url}${dunes.body.data.infos[0]!.thumbnail}`);
    expect(thumb.status).toBe(200);

    // Complete: nothing to do, but the item that failed is tried again.
    rendered.length = 0;
    expect(await seeder.seed(60)).toBe(0);
    expect(rendered).toEqual(['video-003']);
    expect((await h.sql(`SELECT 1 FROM catalogue.materials`)).length).toBe(59);
  });

  it('leaves a catalogue holding materials that are not demo items alone', async () => {
    const [own] = await h.sql<{ id: number }>(`SELECT id FROM catalogue.materials WHERE kind = 'photo' LIMIT 1`);
    await h.sql(`UPDATE catalogue.materials SET original_key = 'originals/uploads/own.jpg' WHERE id = $1`, [own!.id]);
    rendered.length = 0;
    expect(await seeder.seed(80)).toBeNull();
    expect(rendered).toEqual([]);
  });
});
