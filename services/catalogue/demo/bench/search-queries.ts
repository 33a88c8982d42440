import { FILTER_NAMES, FILTER_VALUES, SEARCH_SORTS, type Language, type MaterialSearchRequest } from '@mkt/contracts';
import { seededRandom } from '@mkt/platform';
import { MOODS, PLACES, SUBJECTS, TECHNIQUES, TIMES } from './vocabulary.js';

/**
 * Distinct, realistic store searches generated from the benchmark vocabulary with a fixed seed:
 * what visitors who rarely repeat each other's exact query send. Used by the search benchmark
 * (each query sent once) and by the search oracle test (each answer checked by brute force).
 */
export type QueryShape =
  | 'chinese-word'
  | 'chinese-phrase'
  | 'english-word'
  | 'english-phrase'
  | 'typo'
  | 'traditional'
  | 'unknown-word'
  | 'browse'
  | 'keyword-filters';

export interface GeneratedQuery {
  shape: QueryShape;
  lang: Language;
  body: MaterialSearchRequest;
}

const TRADITIONAL = ['上海外灘', '銀河星空', '延時攝影', '夜景航拍', '雪山日齣', '城市車流', '長城', '海邊日落', '古鎮', '熊貓'];
const UNKNOWN = ['火星基地', '恐龙化石', 'zeppelin', 'quokka', 'xylophone', '量子计算机', 'glacier calving', 'sandstorm'];

export interface QueryGeneratorOptions {
  count: number;
  seed: number;
  /** Categories and topics that exist (browse pages pick among them). */
  categoryIds?: number[];
  topicIds?: number[];
}

export function generateSearchQueries({ count, seed, categoryIds = [], topicIds = [] }: QueryGeneratorOptions): GeneratedQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number): boolean => random() < p;
  const zhWords = [...PLACES, ...TIMES, ...SUBJECTS, ...TECHNIQUES, ...MOODS].map((pair) => pair[0]);
  const enWords = [...PLACES, ...TIMES, ...SUBJECTS, ...TECHNIQUES, ...MOODS].map((pair) => pair[1]);
  const typo = (word: string): string => {
    const letters = word.toLowerCase().replace(/[^a-z]/g, '');
    if (letters.length < 5) return `${letters}x`;
    const at = 1 + Math.floor(random() * (letters.length - 2));
    return chance(0.5) ? letters.slice(0, at) + letters.slice(at + 1) : letters.slice(0, at) + letters[at + 1] + letters[at] + letters.slice(at + 2);
  };
  const filters = (names: number): NonNullable<MaterialSearchRequest['filters']> => {
    const chosen: Record<string, string[]> = {};
    const available = [...FILTER_NAMES];
    for (let i = 0; i < names; i += 1) {
      const name = available.splice(Math.floor(random() * available.length), 1)[0]!;
      const values = FILTER_VALUES[name] as readonly string[];
      chosen[name] = [pick(values), ...(chance(0.3) ? [pick(values)] : [])].filter((v, j, all) => all.indexOf(v) === j);
    }
    return chosen as NonNullable<MaterialSearchRequest['filters']>;
  };

  const seen = new Set<string>();
  const queries: GeneratedQuery[] = [];
  const shapes: QueryShape[] = ['chinese-word', 'chinese-phrase', 'english-word', 'english-phrase', 'typo', 'traditional', 'unknown-word', 'browse', 'keyword-filters'];
  for (let attempt = 0; queries.length < count && attempt < count * 50; attempt += 1) {
    const shape = pick(shapes);
    const body: MaterialSearchRequest = {};
    let lang: Language = chance(0.5) ? 'zh-CN' : 'en';
    switch (shape) {
      case 'chinese-word':
        body.keyword = pick(zhWords);
        lang = 'zh-CN';
        break;
      case 'chinese-phrase':
        body.keyword = `${pick(zhWords)}${chance(0.5) ? ' ' : ''}${pick(zhWords)}`;
        lang = 'zh-CN';
        break;
      case 'english-word':
        body.keyword = pick(enWords).split(' ')[0];
        lang = 'en';
        break;
      case 'english-phrase':
        body.keyword = `${pick(enWords)} ${pick(enWords)}`;
        lang = 'en';
        break;
      case 'typo':
        body.keyword = typo(pick(enWords.filter((w) => w.length >= 6)));
        lang = 'en';
        break;
      case 'traditional':
        body.keyword = pick(TRADITIONAL);
        lang = 'zh-CN';
        break;
      case 'unknown-word':
        body.keyword = pick(UNKNOWN);
        break;
      case 'browse':
        body.filters = filters(1 + Math.floor(random() * 3));
        if (categoryIds.length && chance(0.3)) body.categoryId = pick(categoryIds);
        if (topicIds.length && chance(0.1)) body.topicId = pick(topicIds);
        if (chance(0.2)) body.from = pick(['own', 'raw', 'external'] as const);
        break;
      case 'keyword-filters':
        body.keyword = chance(0.5) ? pick(zhWords) : pick(enWords);
        body.filters = filters(1 + Math.floor(random() * 2));
        break;
    }
    if (chance(0.25)) body.type = 'pic';
    if (chance(0.4)) body.sort = pick(SEARCH_SORTS);
    if (chance(0.35)) body.pageNo = 2 + Math.floor(random() * 4);
    if (chance(0.2)) body.pageSize = pick([12, 48, 60]);
    const key = JSON.stringify([lang, body]);
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push({ shape, lang, body });
  }
  return queries;
}
