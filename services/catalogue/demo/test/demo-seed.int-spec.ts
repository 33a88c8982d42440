import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MaterialSearchResponse, Topic } from '@mkt/contracts';
import { APP_CONFIG, OBJECT_STORAGE, ReadinessRegistry, type AppConfig, type ObjectStorage } from '@mkt/platform';
import { MaterialWriter } from '@mkt/catalogue';
import type { DemoMediaFiles, DemoMediaSpec } from '../media/index.js';
import { DemoCatalogueSeedService } from '../seed/demo-catalogue-seed.service.js';
import { startCatalogue, type CatalogueHarness } from '../../test/catalogue-harness.js';

/** The seed with a stand-in renderer (tiny stored files): real rendering is the media module's own test. */
describe('catalogue: demo seed', () => {
  let h: CatalogueHarness;
  let seeder: DemoCatalogueSeedService;
  const rendered: string[] = [];

  beforeAll(async () => {
    h = await startCatalogue();
    const app = h.server.app;
    const render = async (spec: DemoMediaSpec, storage: ObjectStorage): Promise<DemoMediaFiles> => {
      rendered.push(spec.key);
      if (spec.key === 'v003') throw new Error('ffmpeg exploded');
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
    seeder = new DemoCatalogueSeedService(
      app.get<DataSource>(getDataSourceToken('catalogue')),
      app.get<AppConfig>(APP_CONFIG),
      app.get<ObjectStorage>(OBJECT_STORAGE),
      render,
      app.get(MaterialWriter),
      app.get(ReadinessRegistry),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is not part of the catalogue service: the runtime module provides no demo seed', () => {
    expect(() => h.server.app.get(DemoCatalogueSeedService)).toThrow();
  });

  it('seeds a searchable bilingual catalogue once, skipping items that fail to render', async () => {
    expect(await seeder.seed(60)).toBe(59);
    // 33 videos over 33 distinct clips (one failed: its 1 material is left out), 27 photos.
    expect(rendered).toHaveLength(60);
    const [counts] = await h.sql<{ videos: string; photos: string; traditional: string }>(
      `SELECT count(*) FILTER (WHERE kind = 'video') AS videos, count(*) FILTER (WHERE kind = 'photo') AS photos,
              count(*) FILTER (WHERE title_zh ~ '[銀灘緻橋]') AS traditional FROM catalogue.materials`,
    );
    expect(counts).toEqual({ videos: '32', photos: '27', traditional: '0' });
    expect((await h.sql(`SELECT 1 FROM catalogue.categories`)).length).toBe(18);
    expect((await h.sql(`SELECT 1 FROM catalogue.hot_words`)).length).toBe(20);
    const topics = await h.call<{ topicList: Topic[] }>('/home/index', { lang: 'zh-CN' });
    expect(topics.body.data.topicList).toHaveLength(6);
    expect(topics.body.data.topicList.every((t) => t.homeCover.startsWith('/api/media/renditions/demo/'))).toBe(true);
    const bund = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '外滩' }, lang: 'zh-CN' });
    expect(bund.body.data.infos[0]!.title).toBe('上海外滩夜景延时摄影');
    const traditional = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '银河' }, lang: 'zh-CN' });
    expect(traditional.body.data.infos[0]!.title).toMatch(/^银河星空延时摄影/);
    const thumb = await fetch(`${h.url}${bund.body.data.infos[0]!.thumbnail}`);
    expect(thumb.status).toBe(200);

    expect(await seeder.seed(60)).toBeNull();
    expect((await h.sql(`SELECT 1 FROM catalogue.materials`)).length).toBe(59);
  });
});
