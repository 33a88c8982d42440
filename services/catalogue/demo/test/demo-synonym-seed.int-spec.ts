import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MaterialSearchResponse } from '@mkt/contracts';
import { SearchSynonymStore } from '@mkt/catalogue';
import { DemoSynonymSeedService } from '../seed/demo-synonym-seed.service.js';
import { DEMO_SYNONYMS } from '../seed/demo-synonyms.js';
import { startCatalogue, type CatalogueHarness } from '../../test/catalogue-harness.js';

describe('catalogue: demo search synonyms seed', () => {
  let h: CatalogueHarness;
  const seeder = (seedDemo: boolean) =>
    new DemoSynonymSeedService(h.server.app.get<DataSource>(getDataSourceToken('catalogue')), { seedDemo }, h.server.app.get(SearchSynonymStore));
  const search = async (keyword: string) => (await h.call<MaterialSearchResponse>('/material/search', { body: { keyword } })).body.data;

  beforeAll(async () => {
    h = await startCatalogue();
    await h.createMaterials([
      { kind: 'video', status: 'published', titleZh: '雪山航拍', titleEn: 'Snow peaks', keywordsZh: ['航拍', '雪山'], keywordsEn: ['snow'] },
      { kind: 'video', status: 'published', titleZh: '', titleEn: 'Dunes at dusk', keywordsZh: [], keywordsEn: ['dunes', 'dusk'] },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('does nothing when the demo is off', async () => {
    await seeder(false).onApplicationBootstrap();
    expect(await h.sql('SELECT id FROM catalogue.search_synonyms')).toEqual([]);
  });

  it('fills an empty dictionary once, seen by the next search, and leaves an edited one alone', async () => {
    expect((await search('drone')).total).toBe(0);
    expect(await seeder(true).seed()).toBe(DEMO_SYNONYMS.length);
    expect((await search('drone')).total).toBe(1);
    expect((await search('沙丘 日落')).total).toBe(1);
    await h.sql('DELETE FROM catalogue.search_synonyms WHERE $1 = ANY(terms)', ['drone']);
    expect(await seeder(true).seed()).toBeNull();
    const [{ n }] = await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM catalogue.search_synonyms');
    expect(n).toBe(DEMO_SYNONYMS.length - 1);
  });
});
