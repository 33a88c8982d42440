export { CatalogueDemoModule } from './catalogue-demo.module.js';
export { DEMO_MEDIA_RENDERER, DemoCatalogueSeedService } from './seed/demo-catalogue-seed.service.js';
export { DemoMusicSeedService } from './music/demo-music-seed.js';
export type { DemoMediaFiles, DemoMediaSpec } from './media/index.js';
export { generateMaterials, generatedTexts, type GenerateOptions, type GenerateResult } from './bench/generate-materials.js';
