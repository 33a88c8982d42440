import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { SearchSynonymEntity, SearchSynonymStore, cleanSynonymTerms } from '@mkt/catalogue';
import { DEMO_SYNONYMS } from './demo-synonyms.js';

/**
 * Fills an empty synonym dictionary with the demo's (DEMO_SYNONYMS) when SEED_DEMO is on. Runs
 * before the server takes requests (one insert); skipped when any group exists, so console edits
 * and deletions survive restarts. A failure is logged: search then works without synonyms.
 */
@Injectable()
export class DemoSynonymSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('CatalogueDemoSynonyms');

  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'seedDemo'>,
    private readonly synonyms: SearchSynonymStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    try {
      await this.seed();
    } catch (error) {
      this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'demo search synonyms not seeded');
    }
  }

  /** Inserts the demo groups into an empty table; returns how many, or null when groups exist. */
  async seed(): Promise<number | null> {
    const repository = this.dataSource.getRepository(SearchSynonymEntity);
    if ((await repository.count()) > 0) return null;
    await repository.insert(DEMO_SYNONYMS.map((terms) => ({ terms: cleanSynonymTerms(terms) })));
    this.synonyms.changed();
    this.logger.log({ groups: DEMO_SYNONYMS.length }, 'demo search synonyms ready');
    return DEMO_SYNONYMS.length;
  }
}
