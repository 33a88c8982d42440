import { materialSearchRequestSchema, type MaterialSearchRequest } from '@mkt/contracts';
import type { DataSource } from 'typeorm';
import { PostgresMaterialSearchIndex } from './postgres-material-search-index.js';
import { SynonymDictionary } from './synonym-dictionary.js';

/** Records the statements and answers each with one match, so no typo correction runs. */
function recordingDataSource() {
  const statements: { sql: string; params: unknown[] }[] = [];
  const dataSource = {
    query: async (sql: string, params: unknown[] = []) => {
      statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
      if (/AS total/.test(sql)) return [{ total: 1, facets: [] }];
      return [{ id: '1' }];
    },
  } as unknown as DataSource;
  return { dataSource, statements };
}

const query = (request: MaterialSearchRequest) => materialSearchRequestSchema.parse(request);
const dictionary = new SynonymDictionary([
  ['航拍', '无人机', 'aerial', 'drone', 'drone shot'],
  ['sunset', '日落'],
]);

async function statementsOf(request: MaterialSearchRequest, withDictionary: boolean) {
  const { dataSource, statements } = recordingDataSource();
  const index = new PostgresMaterialSearchIndex(dataSource, withDictionary ? { dictionary: async () => dictionary } : undefined);
  await index.search(query(request), 'en');
  return statements;
}

describe('PostgresMaterialSearchIndex with synonyms (recorded statements)', () => {
  it('sends exactly the statements it sent before for a query without synonyms', async () => {
    for (const request of [{ keyword: 'panda bamboo' }, { keyword: '上海外滩夜景' }, { keyword: '熊猫 panda 竹', filters: { resolution: ['4k' as const] } }, { keyword: 'city', sort: 'sales' as const }, {}]) {
      expect(await statementsOf(request, true)).toEqual(await statementsOf(request, false));
    }
  });

  it('matches a word with synonyms as typed OR as any term (an OR group per word, AND between words), ranking the word as typed higher', async () => {
    const [page] = await statementsOf({ keyword: 'drone sunset' }, true);
    const [plain] = await statementsOf({ keyword: 'drone sunset' }, false);
    expect(plain!.sql).toContain(`m.search_vector @@ ((to_tsquery('english', $2) || to_tsquery('simple', $1)) && (to_tsquery('english', $4) || to_tsquery('simple', $3)))`);
    expect(plain!.params.slice(0, 4)).toEqual(['drone', 'drone', 'sunset:*', 'sunset']);
    // drone: as typed, or 航拍, 无人机, aerial, "drone shot" (both words); sunset (the last word, also a prefix): as typed, or 日落.
    const { sql, params } = page!;
    const match = /m\.kind = 'video' AND m\.search_vector @@ \((.*?)\) ORDER BY/.exec(sql)?.[1] ?? '';
    expect(match).toMatch(/\) && \(\(to_tsquery\('english', \$\d+\) \|\| to_tsquery\('simple', \$\d+\)\) \|\| to_tsquery\('simple', \$\d+\)\)$/);
    const values = params.filter((v) => typeof v === 'string');
    for (const term of ['drone', '航拍', '无人机', 'aerial', 'shot', 'sunset:*', '日落']) expect(values).toContain(term);
    expect(match).toMatch(/^\(\(to_tsquery\('english', \$2\) \|\| to_tsquery\('simple', \$1\)\) \|\| to_tsquery\('simple', \$3\) \|\| /);
    expect(match).toContain(`((to_tsquery('english', $8) || to_tsquery('simple', $7)) && (to_tsquery('english', $10) || to_tsquery('simple', $9)))`);
    expect(params.slice(6, 10)).toEqual(['drone', 'drone', 'shot', 'shot']);
    // The relevance statement adds a bonus for each word matched as typed.
    const { dataSource, statements } = recordingDataSource();
    await new PostgresMaterialSearchIndex(dataSource, { dictionary: async () => dictionary }).search(query({ keyword: 'drone sunset' }), 'en');
    const ranked = statements.find((s) => s.sql.includes('AS rank'))!;
    expect(ranked.sql).toContain(`CASE WHEN m.search_vector @@ (to_tsquery('english', $2) || to_tsquery('simple', $1)) THEN 10 ELSE 0 END`);
    expect(ranked.sql.match(/THEN 10 ELSE 0 END/g)).toHaveLength(2);
  });
});
