import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { maxResolutionOf } from '@mkt/contracts';
import { APP_CONFIG, OBJECT_STORAGE, ReadinessRegistry, type AppConfig, type ObjectStorage } from '@mkt/platform';
import { renderDemoMedia, type DemoMediaFiles, type DemoMediaSpec } from '../media/index.js';
import {
  CategoryEntity,
  HotWordEntity,
  MaterialEntity,
  MaterialWriter,
  TopicEntity,
  TopicMaterialEntity,
  derivedFilters,
  mergeFilters,
  releaseFilters,
  toLocation,
  type NewMaterial,
} from '@mkt/catalogue';
import { DEMO_HOT_WORDS, DEMO_PHOTO_CATEGORIES, DEMO_TOPICS, DEMO_VIDEO_CATEGORIES } from './demo-catalogue-data.js';
import { planDemoCatalogue, type DemoItem } from './demo-catalogue-plan.js';

/** The media renderer, replaceable in tests. */
export const DEMO_MEDIA_RENDERER = Symbol('DEMO_MEDIA_RENDERER');
export type DemoMediaRenderer = (spec: DemoMediaSpec, storage: ObjectStorage, workDir: string, options: { cacheDir?: string }) => Promise<DemoMediaFiles>;
export const defaultDemoMediaRenderer: DemoMediaRenderer = renderDemoMedia;

export const DEFAULT_DEMO_SIZE = 240;
const RENDER_CONCURRENCY = 2;
/** Topics show at most this many demo members. */
const TOPIC_MEMBERS = 24;
/** Published items after which the rest of the demo (music) may start rendering beside the catalogue. */
const FIRST_WAVE = 30;
const PROGRESS_EVERY = 10;
/** Where a demo item's media lives, read back from a material's original: `…demo/<item key>/…`. */
const DEMO_ITEM_KEY = /(?:^|\/)demo\/([^/]+)\//;

export type DemoSeedState = 'off' | 'skipped' | 'running' | 'done' | 'failed';

/**
 * Fills an empty catalogue with a demo: bilingual categories, hot words, topics and
 * DEMO_CATALOGUE_SIZE materials (default 240, about 55% videos), each with its own real rendered
 * media (see planDemoCatalogue). Runs in the background after bootstrap so the server is up at
 * once, and publishes each item as soon as its media is stored, cheapest first, so the store fills
 * while it runs; the log says how far it has got. /health/ready waits for it only when
 * DEMO_WAIT=true. Resumable: a start after an interrupted seed publishes only the missing items
 * (rendered media already stored is found again). Left alone when the catalogue holds videos or
 * photos that are not demo items: the demo never mixes into a real catalogue. An item that fails
 * to render is logged and left out (and tried again on the next start).
 */
@Injectable()
export class DemoCatalogueSeedService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueDemoSeed');
  private state: DemoSeedState = 'off';
  private running: Promise<void> | null = null;
  private stopping = false;
  private markFirstWave!: () => void;
  /** Resolves once the first items are published, or the seed has ended (however it ended). */
  readonly firstWave = new Promise<void>((resolve) => (this.markFirstWave = resolve));

  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(DEMO_MEDIA_RENDERER) private readonly render: DemoMediaRenderer,
    private readonly writer: MaterialWriter,
    readiness: ReadinessRegistry,
  ) {
    if (process.env.DEMO_WAIT === 'true') {
      readiness.register({
        name: 'catalogue:demo-seed',
        check: async () => {
          if (this.state === 'running') throw new Error('demo catalogue is being rendered');
        },
      });
    }
  }

  get status(): DemoSeedState {
    return this.state;
  }

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo) return;
    this.state = 'running';
    this.running = this.seed(demoSize())
      .then(
        (created) => {
          this.state = created === null ? 'skipped' : 'done';
        },
        (error: unknown) => {
          this.state = 'failed';
          this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'demo catalogue seed failed');
        },
      )
      .finally(() => this.markFirstWave());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Publishes the demo items not published yet; returns how many it published, or null when there was nothing to do. */
  async seed(size: number): Promise<number | null> {
    const plan = planDemoCatalogue(size);
    const published = await this.publishedItemKeys(new Set(plan.map((item) => item.key)));
    if (published === null) {
      this.logger.log('materials exist: demo catalogue left as it is');
      return null;
    }
    const todo = plan.filter((item) => !published.has(item.key));
    if (todo.length === 0) return null;
    if (published.size > 0) this.logger.log({ published: published.size, of: plan.length }, 'demo catalogue resumed');
    else this.logger.log({ items: plan.length }, 'demo catalogue: rendering and publishing in the background');

    const started = Date.now();
    const categories = await this.ensureCategories();
    await this.ensureHotWords();
    const progress = { published: published.size, of: plan.length, created: 0, failed: 0 };
    // One item at a time into the database: topics gain members in order and never race.
    let publishing = Promise.resolve();
    const publish = (item: DemoItem, files: DemoMediaFiles) =>
      (publishing = publishing.then(async () => {
        const categoryId = categories[item.kind][item.subject.category] ?? null;
        await this.publish(demoMaterial(item, files, categoryId));
        progress.published += 1;
        progress.created += 1;
        if (progress.published >= Math.min(FIRST_WAVE, plan.length)) this.markFirstWave();
        if (progress.created === 1 || progress.published % PROGRESS_EVERY === 0) {
          this.logger.log({ published: progress.published, of: plan.length, seconds: Math.round((Date.now() - started) / 1000) }, 'demo catalogue progress');
        }
      }));

    const workDir = join(this.config.dataDir, 'tmp', 'demo-media');
    const cacheDir = process.env.DEMO_MEDIA_CACHE || undefined;
    let next = 0;
    const worker = async () => {
      while (next < todo.length && !this.stopping) {
        const item = todo[next++]!;
        let files: DemoMediaFiles;
        try {
          files = await this.render(item.spec, this.storage, workDir, { cacheDir });
        } catch (error) {
          progress.failed += 1;
          this.logger.warn({ key: item.key, err: error instanceof Error ? error.message : String(error) }, 'demo item not rendered, skipped');
          continue;
        }
        await publish(item, files);
      }
    };
    await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
    await publishing;
    if (!this.stopping) {
      this.logger.log({ published: progress.published, of: plan.length, failed: progress.failed, seconds: Math.round((Date.now() - started) / 1000) }, 'demo catalogue ready');
    }
    return progress.created;
  }

  /**
   * Keys of the plan's items that are materials already, or null when the catalogue holds a video
   * or photo that is not one of them (a real catalogue, or a demo made by another version).
   */
  private async publishedItemKeys(planKeys: Set<string>): Promise<Set<string> | null> {
    const rows = (await this.dataSource.query(`SELECT original_key FROM catalogue.materials WHERE kind IN ('video', 'photo')`)) as { original_key: string }[];
    const keys = new Set<string>();
    for (const row of rows) {
      const key = DEMO_ITEM_KEY.exec(row.original_key)?.[1];
      if (!key || !planKeys.has(key)) return null;
      keys.add(key);
    }
    return keys;
  }

  /** The material, its place in the demo topics and its category's cover, searchable when the transaction commits. */
  private async publish(input: NewMaterial): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [material] = await this.writer.createMany([input], manager);
      const categories = manager.getRepository(CategoryEntity);
      if (material!.categoryId !== null && material!.thumbnailKey) {
        await categories.update({ id: material!.categoryId, coverKey: IsNull() }, { coverKey: material!.thumbnailKey });
      }
      if (await this.joinTopics(manager, material!)) await this.writer.reindex([material!.id], manager);
    });
  }

  /** Adds the material to each demo topic its Chinese tags match, creating the topic with it as cover; true when it joined one. */
  private async joinTopics(manager: EntityManager, material: MaterialEntity): Promise<boolean> {
    let joined = false;
    for (const [sort, demo] of DEMO_TOPICS.entries()) {
      if (!material.keywordsZh.some((k) => demo.match.some((word) => k.includes(word)))) continue;
      const topics = manager.getRepository(TopicEntity);
      const members = manager.getRepository(TopicMaterialEntity);
      const topic =
        (await topics.findOneBy({ titleZh: demo.titleZh })) ??
        (await topics.save(
          topics.create({ titleZh: demo.titleZh, titleEn: demo.titleEn, descriptionZh: demo.descriptionZh, descriptionEn: demo.descriptionEn, homeCoverKey: material.thumbnailKey, sort, published: true }),
        ));
      const count = await members.countBy({ topicId: topic.id });
      if (count >= TOPIC_MEMBERS) continue;
      await members.insert({ topicId: topic.id, materialId: material.id, sort: count });
      joined = true;
    }
    return joined;
  }

  private async ensureCategories(): Promise<{ video: number[]; photo: number[] }> {
    const repository = this.dataSource.getRepository(CategoryEntity);
    if ((await repository.count()) === 0) {
      await repository.insert([
        ...DEMO_VIDEO_CATEGORIES.map(([nameZh, nameEn], sort) => ({ kind: 'video' as const, nameZh, nameEn, sort })),
        ...DEMO_PHOTO_CATEGORIES.map(([nameZh, nameEn], sort) => ({ kind: 'photo' as const, nameZh, nameEn, sort })),
      ]);
    }
    const rows = await repository.find({ order: { sort: 'ASC', id: 'ASC' } });
    return { video: rows.filter((r) => r.kind === 'video').map((r) => r.id), photo: rows.filter((r) => r.kind === 'photo').map((r) => r.id) };
  }

  private async ensureHotWords(): Promise<void> {
    const repository = this.dataSource.getRepository(HotWordEntity);
    if ((await repository.count()) > 0) return;
    await repository.insert(DEMO_HOT_WORDS.map(([wordZh, wordEn], sort) => ({ wordZh, wordEn, sort })));
  }
}

export function demoSize(): number {
  const raw = Number(process.env.DEMO_CATALOGUE_SIZE);
  return Number.isInteger(raw) && raw > 0 ? Math.min(raw, 100_000) : DEFAULT_DEMO_SIZE;
}

/** Deterministic numbers so every demo looks the same. */
function hash(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 0xffffffff;
}

/** What the catalogue lists for an item: the picture's own size, length and frame rate, read from the rendered file. */
export function demoMaterial(item: DemoItem, files: DemoMediaFiles, categoryId: number | null): NewMaterial {
  const { kind, index: j, subject } = item;
  const n = (kind === 'video' ? 0 : 100_000) + j;
  const { width, height } = files;
  const fps = kind === 'video' ? files.fps : null;
  const duration = kind === 'video' ? files.durationSeconds : null;
  // City scenes show buildings: a third of them come with a property release.
  const propertyRelease = subject.palette === 'city' && j % 3 === 0;
  const onlineAt = new Date(Date.now() - Math.floor(hash(n) * 365) * 86_400_000 - Math.floor(hash(n + 7) * 86_400_000));
  const from = j % 7 === 6 ? 'external' : j % 5 === 4 ? 'raw' : 'own';
  return {
    kind,
    from,
    status: 'published',
    titleZh: item.titleZh,
    titleEn: item.titleEn,
    keywordsZh: subject.keywordsZh,
    keywordsEn: subject.keywordsEn,
    descriptionZh: `${item.titleZh}。演示素材，由本机生成。`,
    descriptionEn: `${item.titleEn}. Demo material generated on this machine.`,
    categoryId,
    duration,
    frameRate: fps,
    speed: kind === 'video' ? '1x' : null,
    footageType: kind === 'video' ? 'Graded' : null,
    colorSpace: files.colorSpace ?? (kind === 'video' ? 'bt709' : 'sRGB'),
    colorTransfer: files.colorTransfer ?? (kind === 'video' ? 'bt709' : null),
    width,
    height,
    originalFps: fps,
    maxResolution: maxResolutionOf(kind, width, height),
    hdrFlag: false,
    groupFlag: false,
    modelRelease: false,
    propertyRelease,
    themeColor: files.themeColor,
    salesCount: Math.floor(hash(n + 13) ** 2 * 900),
    filters: mergeFilters(subject.filters, derivedFilters({ height, fps, durationSeconds: duration }), releaseFilters({ model: false, property: propertyRelease, editorialOnly: false })),
    originalKey: toLocation(files.original),
    thumbnailKey: toLocation(files.thumbnail),
    sampleKey: toLocation(files.sample),
    preview480Key: files.preview480 ? toLocation(files.preview480) : null,
    previewStripKey: files.previewStrip ? toLocation(files.previewStrip) : null,
    onlineAt,
    createdAt: onlineAt,
  };
}
