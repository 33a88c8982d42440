import { FILTER_NAMES, materialSearchRequestSchema, type Language, type MaterialSearchRequest } from '@mkt/contracts';
import type { MaterialSearchDocument, MaterialSearchIndex } from '../src/search/material-search.port.js';

/**
 * The adapter contract of the search port over FIXTURE (test/fixture-catalogue.ts), beside the
 * relevance set: filters (AND across names, OR within one), facets ignoring their own
 * selection, sorts with a stable tie-break, paging and totals, exact lookups, remove and upsert.
 * Engine-neutral: every MaterialSearchIndex adapter runs it.
 */
export interface ContractFixture {
  ids: Record<string, number>;
  codes: Record<string, string>;
  /** The fixture's documents as the material writer hands them to the index. */
  documents: MaterialSearchDocument[];
}

/** Runs every check; returns the failures (empty when the adapter passes). */
export async function runSearchContract(index: MaterialSearchIndex, fixture: ContractFixture): Promise<string[]> {
  const { ids, codes } = fixture;
  const nameOf = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  const failures: string[] = [];
  const search = (request: MaterialSearchRequest, language: Language = 'en') => index.search(materialSearchRequestSchema.parse(request), language);
  const names = (result: { ids: number[] }) => result.ids.map((id) => nameOf.get(id) ?? `#${id}`);
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) failures.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };
  const count = (facets: Awaited<ReturnType<typeof search>>['facets'], name: string, value: string) =>
    facets[name as keyof typeof facets]?.find((bucket) => bucket.value === value)?.count;

  // Filters and facets.
  check('OR within mediaType: total', (await search({ filters: { mediaType: ['aerial', 'timelapse'] } })).total, 6);
  const and = await search({ filters: { mediaType: ['aerial', 'timelapse'], resolution: ['4k'] } });
  check('AND across names', names(and).sort(), ['bund', 'cityAerial', 'tea']);
  check('mediaType facet ignores its own selection: live-action', count(and.facets, 'mediaType', 'live-action'), 2);
  check('mediaType facet ignores its own selection: aerial', count(and.facets, 'mediaType', 'aerial'), 2);
  check('resolution facet keeps mediaType: 4k', count(and.facets, 'resolution', '4k'), 3);
  check('resolution facet keeps mediaType: 8k', count(and.facets, 'resolution', '8k'), 1);
  check('resolution facet keeps mediaType: 720p', count(and.facets, 'resolution', '720p'), 0);
  check('every filter name has a facet', Object.keys(and.facets).length, FILTER_NAMES.length);
  check('keyword facets', count((await search({ keyword: '航拍' })).facets, 'shootingType', 'drone'), 2);
  check('from=raw', names(await search({ from: 'raw' })), ['greenScreen']);
  check('photos from external', names(await search({ type: 'pic', from: 'external' })), ['sunsetPhoto']);

  // Sorts and paging.
  check('newest', names(await search({ sort: 'newest', pageSize: 3 })), ['greenScreen', 'sunsetSkyline', 'train']);
  check('browse without keyword is newest first', names(await search({ pageSize: 3 })), ['greenScreen', 'sunsetSkyline', 'train']);
  check('sales', names(await search({ sort: 'sales', pageSize: 3 })), ['panda', 'bund', 'cityAerial']);
  const pages = await Promise.all([1, 2, 3].map((pageNo) => search({ sort: 'sales', pageSize: 4, pageNo })));
  check('page totals', pages.map((page) => page.total), [10, 10, 10]);
  check('page sizes', pages.map((page) => page.ids.length), [4, 4, 2]);
  check('pages cover every published video once', new Set(pages.flatMap((page) => page.ids)).size, 10);
  const beyond = await search({ sort: 'sales', pageSize: 4, pageNo: 9 });
  check('beyond the last page', [beyond.ids.length, beyond.total], [0, 10]);
  check('keyword with sales sort', names(await search({ keyword: '夜景', sort: 'sales' })), ['bund', 'cityAerial']);
  check('normalized keyword', (await search({ keyword: '上海外灘夜景' }, 'zh-CN')).normalizedKeyword, '上海 外滩 夜景');

  // Exact lookups.
  for (const keyword of [codes.bund!, codes.bund!.toLowerCase(), ` ${codes.bund} `, String(ids.bund)]) {
    const found = await search({ keyword });
    check(`lookup ${JSON.stringify(keyword)}`, [names(found), found.total], [['bund'], 1]);
  }
  check('copy number ignores the tab', names(await search({ keyword: codes.forbiddenCity!, type: 'video' })), ['forbiddenCity']);
  check('copy number of a draft', (await search({ keyword: codes.draft! })).total, 0);
  check('unknown copy number', (await search({ keyword: 'LV99999999' })).total, 0);
  check('copy number, page 2', (await search({ keyword: codes.bund!, pageNo: 2 })).ids, []);
  for (const keyword of ["'; DROP TABLE x; --", '& | ! :* ()', '\\', '％％', '🙂', '   a   ']) {
    try {
      await search({ keyword });
    } catch (error) {
      failures.push(`odd keyword ${JSON.stringify(keyword)} threw ${String(error)}`);
    }
  }

  // Remove, then upsert again.
  const waves = fixture.documents.find((doc) => doc.id === ids.waves)!;
  await index.remove([waves.id]);
  check('removed material is not found', (await search({ keyword: '海浪' })).ids, []);
  await index.upsert([waves]);
  check('upserted again', names(await search({ keyword: '海浪' })), ['waves']);
  // Status and sales changes are not checked here: the material writer updates the table before it upserts, and the PostgreSQL adapter reads them from there.
  return failures;
}
