import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { EditorialEntryEntity } from '@mkt/catalogue';
import { DemoCatalogueSeedService } from './demo-catalogue-seed.service.js';
import { DEMO_EDITORIAL, DEMO_EDITORIAL_RELATED_MAX, DEMO_EDITORIAL_RELATED_MIN, type DemoEditorialEntry } from './demo-editorial.js';

export interface DemoEditorialMaterial {
  id: number;
  kind: 'video' | 'photo';
  thumbnailKey: string | null;
  keywordsZh: string[];
}

/** The featured material, cover and related materials of one demo entry, or null when the demo has too few matching materials. */
export function pickDemoEditorialMaterials(entry: DemoEditorialEntry, materials: DemoEditorialMaterial[]) {
  const matching = materials.filter((m) => m.thumbnailKey && m.keywordsZh.some((keyword) => entry.match.some((word) => keyword.includes(word))));
  const featured = matching.find((m) => m.kind === 'video') ?? matching[0];
  if (!featured) return null;
  // Alternate the match words so that each one is represented before any repeats.
  const rest = matching.filter((m) => m !== featured);
  const byWord = entry.match.map((word) => rest.filter((m) => m.keywordsZh.some((keyword) => keyword.includes(word))));
  const related: DemoEditorialMaterial[] = [];
  for (let round = 0; related.length < DEMO_EDITORIAL_RELATED_MAX && byWord.some((list) => list.length > round); round++) {
    for (const list of byWord) {
      const next = list[round];
      if (next && !related.includes(next) && related.length < DEMO_EDITORIAL_RELATED_MAX) related.push(next);
    }
  }
  if (related.length < DEMO_EDITORIAL_RELATED_MIN) return null;
  return { featured, cover: featured.thumbnailKey, related };
}

/**
 * Fills an empty editorial table with the demo's original content and brand cases when SEED_DEMO
 * is on: after the demo catalogue's first wave of materials, so that their thumbnails and cards
 * exist. Entries without enough matching materials are left out (a small demo gets fewer). Skipped
 * when any entry exists, so console edits survive restarts; a failure is only logged.
 */
@Injectable()
export class DemoEditorialSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('CatalogueDemoEditorial');

  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'seedDemo'>,
    private readonly catalogueSeed: DemoCatalogueSeedService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo) return;
    void this.catalogueSeed.firstWave
      .then(() => this.seed())
      .catch((error: unknown) => this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'demo editorial entries not seeded'));
  }

  /** Inserts the demo entries into an empty table; returns how many, or null when entries exist. */
  async seed(): Promise<number | null> {
    const repository = this.dataSource.getRepository(EditorialEntryEntity);
    if ((await repository.count()) > 0) return null;
    const rows: { id: string; kind: 'video' | 'photo'; thumbnail_key: string | null; keywords_zh: string[] }[] = await this.dataSource.query(
      `SELECT id, kind, thumbnail_key, keywords_zh FROM catalogue.materials
       WHERE status = 'published' AND kind IN ('video', 'photo') ORDER BY id LIMIT 2000`,
    );
    const materials = rows.map((r) => ({ id: Number(r.id), kind: r.kind, thumbnailKey: r.thumbnail_key, keywordsZh: r.keywords_zh }));
    const entries = DEMO_EDITORIAL.flatMap((entry, index) => {
      const picked = pickDemoEditorialMaterials(entry, materials);
      if (!picked) return [];
      const { match: _match, ...text } = entry;
      return [
        repository.create({
          ...text,
          coverKey: picked.cover,
          featuredMaterialId: picked.featured.id,
          relatedMaterialIds: picked.related.map((m) => m.id),
          published: true,
          sort: index,
        }),
      ];
    });
    if (entries.length === 0) return 0;
    await repository.save(entries);
    this.logger.log({ entries: entries.length, of: DEMO_EDITORIAL.length }, 'demo editorial entries ready');
    return entries.length;
  }
}
