import { Module } from '@nestjs/common';
import { CatalogueModule } from '@mkt/catalogue';
import { DemoMusicSeedService } from './music/demo-music-seed.js';
import { DEMO_MEDIA_RENDERER, DemoCatalogueSeedService, defaultDemoMediaRenderer } from './seed/demo-catalogue-seed.service.js';
import { DemoEditorialSeedService } from './seed/demo-editorial-seed.service.js';
import { DemoSynonymSeedService } from './seed/demo-synonym-seed.service.js';

/**
 * The demo catalogue (rendered videos and photos, categories, topics, hot words) and the demo
 * music, filled in the background on the first start. Only the single-machine app mounts it, and
 * only when SEED_DEMO is on: the catalogue service itself carries no demo code.
 */
@Module({
  imports: [CatalogueModule],
  providers: [{ provide: DEMO_MEDIA_RENDERER, useValue: defaultDemoMediaRenderer }, DemoCatalogueSeedService, DemoMusicSeedService, DemoSynonymSeedService, DemoEditorialSeedService],
})
export class CatalogueDemoModule {}
