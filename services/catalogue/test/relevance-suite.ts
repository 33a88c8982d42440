import { materialSearchRequestSchema, type Language, type MaterialSearchRequest } from '@mkt/contracts';
import type { MaterialSearchIndex } from '../src/search/material-search.port.js';

/**
 * The fixed relevance set over FIXTURE (test/fixture-catalogue.ts), engine-neutral: any
 * MaterialSearchIndex adapter (PostgreSQL today, OpenSearch later) must pass the same cases.
 */
export interface RelevanceCase {
  request: MaterialSearchRequest;
  language?: Language;
  /** The first results, in any order among themselves. */
  top: string[];
  /** Never in the results. */
  absent?: string[];
  /** Exactly these results. */
  only?: boolean;
}

export const RELEVANCE_CASES: RelevanceCase[] = [
  { request: { keyword: '上海外滩' }, top: ['bund'] },
  { request: { keyword: '外滩夜景' }, top: ['bund'], only: true },
  { request: { keyword: '城市夜景' }, top: ['bund', 'cityAerial'] },
  { request: { keyword: '上海外灘' }, top: ['bund'], language: 'zh-CN' },
  { request: { keyword: '星空' }, top: ['stars'], only: true },
  { request: { keyword: '銀河' }, top: ['stars'], only: true },
  { request: { keyword: 'sunsets' }, top: ['sunsetSkyline'], only: true },
  { request: { keyword: 'sunset', type: 'pic' }, top: ['sunsetPhoto'], only: true },
  { request: { keyword: 'tmelapse' }, top: ['bund', 'stars'], only: true },
  { request: { keyword: 'timelapse' }, top: ['bund', 'stars'], only: true },
  { request: { keyword: '航拍' }, top: ['cityAerial', 'tea'], only: true },
  { request: { keyword: 'aerial' }, top: ['cityAerial', 'tea'] },
  { request: { keyword: '熊猫' }, top: ['panda'], absent: ['draft', 'pandaPhoto'], only: true },
  { request: { keyword: 'panda', type: 'pic' }, top: ['pandaPhoto'], only: true },
  { request: { keyword: '夜' }, top: ['bund', 'cityAerial'] },
  { request: { keyword: 'waves' }, top: ['waves'], only: true },
  { request: { keyword: '海浪' }, top: ['waves'], only: true },
  { request: { keyword: 'Giant Panda!' }, top: ['panda'], only: true },
  { request: { keyword: '茶园' }, top: ['tea'], only: true },
  { request: { keyword: 'high speed train' }, top: ['train'], only: true },
  { request: { keyword: 'green screen' }, top: ['greenScreen'], only: true },
  { request: { keyword: 'skyline sunset' }, top: ['sunsetSkyline'], only: true },
];

/** Runs every case; returns the failures (empty when the engine passes), so a test can show them all at once. */
export async function runRelevanceSuite(index: MaterialSearchIndex, ids: Record<string, number>): Promise<string[]> {
  const nameOf = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  const failures: string[] = [];
  for (const item of RELEVANCE_CASES) {
    const query = materialSearchRequestSchema.parse(item.request);
    const result = await index.search(query, item.language ?? 'en');
    const names = result.ids.map((id) => nameOf.get(id) ?? `#${id}`);
    const head = names.slice(0, item.top.length);
    const problems: string[] = [];
    if ([...head].sort().join() !== [...item.top].sort().join()) problems.push(`top ${JSON.stringify(head)} ≠ ${JSON.stringify(item.top)}`);
    if (item.only && names.length !== item.top.length) problems.push(`expected only ${item.top.length}, got ${JSON.stringify(names)}`);
    for (const name of item.absent ?? []) if (names.includes(name)) problems.push(`${name} must not be found`);
    if (problems.length) failures.push(`${JSON.stringify(item.request)}: ${problems.join('; ')}`);
  }
  return failures;
}
