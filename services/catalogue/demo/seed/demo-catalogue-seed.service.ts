import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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
  toLocation,
  type NewMaterial,
} from '@mkt/catalogue';
import { DEMO_HOT_WORDS, DEMO_PHOTO_CATEGORIES, DEMO_SUBJECTS, DEMO_TOPICS, DEMO_VIDEO_CATEGORIES, type DemoSubject } from './demo-catalogue-data.js';

/** The media renderer, replaceable in tests. */
export const DEMO_MEDIA_RENDERER = Symbol('DEMO_MEDIA_RENDERER');
export type DemoMediaRenderer = (spec: DemoMediaSpec, storage: ObjectStorage, workDir: string) => Promise<DemoMediaFiles>;
export const defaultDemoMediaRenderer: DemoMediaRenderer = renderDemoMedia;

export const DEFAULT_DEMO_SIZE = 240;
const MAX_DISTINCT_VIDEOS = 40;
const MAX_DISTINCT_PHOTOS = 40;
const RENDER_CONCURRENCY = 2;
const TITLE_VARIANTS = [
  ['', ''],
  ['高清版', 'HD'],
  ['精选', 'selects'],
  ['新版', 'new cut'],
  ['合集', 'collection'],
] as const;
const VIDEO_HEIGHTS = [2160, 1080, 2160, 4320, 1440, 1080] as const;
const PHOTO_WIDTHS = [6000, 8000, 4000, 5472] as const;

export type DemoSeedState = 'off' | 'skipped' | 'running' | 'done' | 'failed';

/**
 * Fills an empty catalogue with a demo: bilingual categories, hot words, topics and materials
 * with real rendered media (DEMO_CATALOGUE_SIZE materials, default 240, about 55% videos). Runs in
 * the background after bootstrap so the server is up at once; /health/ready waits for it only when
 * DEMO_WAIT=true. At most 40 clips and 40 photos are rendered (each stored once and found again on a
 * later start) and shared by materials with different metadata. An item that fails to render is
 * logged and left out. Skipped when materials exist: the demo survives restarts and console edits.
 */
@Injectable()
export class DemoCatalogueSeedService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueDemoSeed');
  private state: DemoSeedState = 'off';
  private running: Promise<void> | null = null;
  private stopping = false;

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
    this.running = this.seed(demoSize()).then(
      (created) => {
        this.state = created === null ? 'skipped' : 'done';
      },
      (error: unknown) => {
        this.state = 'failed';
        this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'demo catalogue seed failed');
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Seeds `size` materials unless materials exist; returns how many were created, or null when skipped. */
  async seed(size: number): Promise<number | null> {
    if ((await this.dataSource.getRepository(MaterialEntity).count()) > 0) {
      this.logger.log('materials exist: demo catalogue left as it is');
      return null;
    }
    const started = Date.now();
    const categories = await this.ensureCategories();
    await this.ensureHotWords();

    const videoCount = Math.round(size * 0.55);
    const photoCount = size - videoCount;
    const videoSubjects = DEMO_SUBJECTS.filter((s) => s.kind === 'video');
    const photoSubjects = DEMO_SUBJECTS.filter((s) => s.kind === 'photo');
    const videoSpecs = mediaSpecs('video', Math.min(MAX_DISTINCT_VIDEOS, videoCount), videoSubjects);
    const photoSpecs = mediaSpecs('photo', Math.min(MAX_DISTINCT_PHOTOS, photoCount), photoSubjects);
    const media = await this.renderAll([...videoSpecs, ...photoSpecs]);
    if (this.stopping) return 0;

    const inputs: NewMaterial[] = [];
    const build = (kind: 'video' | 'photo', count: number, specs: DemoMediaSpec[], subjects: DemoSubject[]) => {
      for (let j = 0; j < count; j += 1) {
        const spec = specs[j % specs.length]!;
        const files = media.get(spec.key);
        if (!files) continue;
        const subject = subjects[(j % specs.length) % subjects.length]!;
        const variant = TITLE_VARIANTS[Math.floor(j / subjects.length) % TITLE_VARIANTS.length]!;
        const categoryId = categories[kind][subject.category] ?? null;
        inputs.push(demoMaterial(kind, j, subject, variant, files, categoryId));
      }
    };
    build('video', videoCount, videoSpecs, videoSubjects);
    build('photo', photoCount, photoSpecs, photoSubjects);
    const created = await this.writer.createMany(inputs);
    await this.ensureTopics(created);
    this.logger.log({ materials: created.length, rendered: media.size, seconds: Math.round((Date.now() - started) / 1000) }, 'demo catalogue ready');
    return created.length;
  }

  private async renderAll(specs: DemoMediaSpec[]): Promise<Map<string, DemoMediaFiles>> {
    const workDir = join(this.config.dataDir, 'tmp', 'demo-media');
    const done = new Map<string, DemoMediaFiles>();
    let next = 0;
    let finished = 0;
    const worker = async () => {
      while (next < specs.length && !this.stopping) {
        const spec = specs[next++]!;
        try {
          done.set(spec.key, await this.render(spec, this.storage, workDir));
        } catch (error) {
          this.logger.warn({ key: spec.key, err: error instanceof Error ? error.message : String(error) }, 'demo item not rendered, skipped');
        }
        finished += 1;
        if (finished % 5 === 0 || finished === specs.length) this.logger.log({ rendered: finished, of: specs.length }, 'demo media progress');
      }
    };
    await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
    return done;
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

  /** Topics gather materials whose Chinese tags match; the cover is the first one's thumbnail. Category covers likewise. */
  private async ensureTopics(materials: MaterialEntity[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const category of await manager.getRepository(CategoryEntity).findBy({})) {
        const first = materials.find((m) => m.categoryId === category.id && m.thumbnailKey);
        if (first && !category.coverKey) await manager.getRepository(CategoryEntity).update(category.id, { coverKey: first.thumbnailKey });
      }
      if ((await manager.getRepository(TopicEntity).count()) > 0) return;
      for (const [sort, topic] of DEMO_TOPICS.entries()) {
        const members = materials.filter((m) => m.keywordsZh.some((k) => topic.match.some((word) => k.includes(word)))).slice(0, 24);
        const saved = await manager.getRepository(TopicEntity).save(
          manager.getRepository(TopicEntity).create({
            titleZh: topic.titleZh,
            titleEn: topic.titleEn,
            descriptionZh: topic.descriptionZh,
            descriptionEn: topic.descriptionEn,
            homeCoverKey: members[0]?.thumbnailKey ?? null,
            sort,
            published: true,
          }),
        );
        if (members.length) await manager.getRepository(TopicMaterialEntity).insert(members.map((m, i) => ({ topicId: saved.id, materialId: m.id, sort: i })));
      }
    });
    await this.writer.reindex(materials.map((m) => m.id));
  }
}

export function demoSize(): number {
  const raw = Number(process.env.DEMO_CATALOGUE_SIZE);
  return Number.isInteger(raw) && raw > 0 ? Math.min(raw, 100_000) : DEFAULT_DEMO_SIZE;
}

function mediaSpecs(kind: 'video' | 'photo', count: number, subjects: DemoSubject[]): DemoMediaSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const subject = subjects[i % subjects.length]!;
    const seed = (kind === 'video' ? 1000 : 5000) + i;
    return kind === 'video'
      ? { key: `v${String(i).padStart(3, '0')}`, kind, seed, label: subject.titleEn, width: 1280, height: 720, durationSeconds: 6 + (i % 3) * 3, fps: i % 4 === 0 ? 30 : 25, palette: subject.palette }
      : { key: `p${String(i).padStart(3, '0')}`, kind, seed, label: subject.titleEn, width: 1800, height: 1200, palette: subject.palette };
  });
}

/** Deterministic numbers so every demo looks the same. */
function hash(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 0xffffffff;
}

function demoMaterial(
  kind: 'video' | 'photo',
  j: number,
  subject: DemoSubject,
  variant: readonly [string, string],
  files: DemoMediaFiles,
  categoryId: number | null,
): NewMaterial {
  const n = (kind === 'video' ? 0 : 100_000) + j;
  const height = kind === 'video' ? VIDEO_HEIGHTS[j % VIDEO_HEIGHTS.length]! : Math.round((PHOTO_WIDTHS[j % PHOTO_WIDTHS.length]! * 2) / 3);
  const width = kind === 'video' ? Math.round((height * 16) / 9) : PHOTO_WIDTHS[j % PHOTO_WIDTHS.length]!;
  const fps = kind === 'video' ? (files.fps ?? 25) : null;
  const duration = kind === 'video' ? (files.durationSeconds ?? null) : null;
  const onlineAt = new Date(Date.now() - Math.floor(hash(n) * 365) * 86_400_000 - Math.floor(hash(n + 7) * 86_400_000));
  const from = j % 7 === 6 ? 'external' : j % 5 === 4 ? 'raw' : 'own';
  const resolutionLabel = height >= 4320 ? '8K' : height >= 2160 ? '4K' : height >= 1440 ? '2K' : '1080P';
  return {
    kind,
    from,
    status: 'published',
    titleZh: [subject.titleZh, variant[0]].filter(Boolean).join(' '),
    titleEn: [subject.titleEn, variant[1]].filter(Boolean).join(' '),
    keywordsZh: subject.keywordsZh,
    keywordsEn: subject.keywordsEn,
    descriptionZh: `${subject.titleZh}。演示素材，由本机生成。`,
    descriptionEn: `${subject.titleEn}. Demo material generated on this machine.`,
    categoryId,
    duration,
    frameRate: fps,
    speed: kind === 'video' ? (subject.filters.mediaType?.includes('slow-motion') ? '0.25x' : subject.filters.mediaType?.includes('timelapse') ? '60x' : '1x') : null,
    footageType: kind === 'video' ? (from === 'raw' ? 'Log (ungraded)' : 'Graded') : null,
    colorSpace: files.colorSpace ?? (kind === 'video' ? 'bt709' : 'sRGB'),
    colorTransfer: files.colorTransfer ?? (kind === 'video' ? 'bt709' : null),
    width,
    height,
    originalFps: fps,
    maxResolution: kind === 'video' ? resolutionLabel : `${width}x${height}`,
    hdrFlag: kind === 'video' && j % 9 === 3,
    groupFlag: variant[1] === 'collection',
    modelRelease: Boolean(subject.filters.people?.includes('with-people')),
    propertyRelease: j % 3 === 0,
    themeColor: files.themeColor,
    salesCount: Math.floor(hash(n + 13) ** 2 * 900),
    filters: mergeFilters(subject.filters, derivedFilters({ height, fps, durationSeconds: duration })),
    originalKey: toLocation(files.original),
    thumbnailKey: toLocation(files.thumbnail),
    sampleKey: toLocation(files.sample),
    preview480Key: files.preview480 ? toLocation(files.preview480) : null,
    previewStripKey: files.previewStrip ? toLocation(files.previewStrip) : null,
    onlineAt,
    createdAt: onlineAt,
  };
}
