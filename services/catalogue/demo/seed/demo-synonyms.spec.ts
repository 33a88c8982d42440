import { SEARCH_SYNONYM_LIMITS, searchSynonymAdminCreateSchema } from '@mkt/contracts';
import { cleanSynonymTerms } from '../../src/admin/search-synonym-admin.service.js';
import { SynonymDictionary } from '../../src/search/synonym-dictionary.js';
import { normalizeQuery } from '../../src/text/text-helpers.js';
import { DEMO_HOT_WORDS } from './demo-catalogue-data.js';
import { DEMO_SYNONYMS } from './demo-synonyms.js';

const dictionary = new SynonymDictionary(DEMO_SYNONYMS.map(cleanSynonymTerms));
/** The equivalents a search for `keyword` adds when it is one word or phrase of the dictionary. */
const synonymsOf = (keyword: string): string[] => {
  const words = dictionary.expand(normalizeQuery(keyword));
  // Tokens written back as text: Chinese words side by side, others with a space.
  const text = (tokens: { token: string }[]) => tokens.map((t) => t.token).join(' ').replace(/(?<=\p{Script=Han}) (?=\p{Script=Han})/gu, '');
  return words.length === 1 ? words[0]!.synonyms.map(text) : [];
};

describe('demo search synonyms', () => {
  it('are groups the console would accept, unchanged by cleaning', () => {
    for (const group of DEMO_SYNONYMS) {
      expect(searchSynonymAdminCreateSchema.safeParse({ terms: group }).success).toBe(true);
      expect(cleanSynonymTerms(group)).toEqual(group);
      expect(group.length).toBeLessThanOrEqual(SEARCH_SYNONYM_LIMITS.maxTerms);
    }
  });

  it('link every hot word, in both languages, to words of the other language', () => {
    const hasHan = (text: string) => /\p{Script=Han}/u.test(text);
    for (const [zh, en] of DEMO_HOT_WORDS) {
      expect([zh, synonymsOf(zh).some((s) => !hasHan(s))]).toEqual([zh, true]);
      expect([en, synonymsOf(en).some((s) => hasHan(s))]).toEqual([en, true]);
    }
  });

  it('cover the words of the pictures, the shots and the seasons of the day both ways', () => {
    const pairs: [string, string][] = [
      ['drone', '航拍'], ['无人机', 'aerial'], ['aerial', '航拍'], ['timelapse', '延时'], ['time lapse', '延时摄影'], ['延时摄影', 'timelapse'],
      ['sunset', '夕阳'], ['日落', 'sunset'], ['sunrise', '日出'], ['sea', '大海'], ['ocean', '海'], ['大海', 'ocean'], ['waves', '海浪'],
      ['snow mountain', '雪山'], ['雪山', 'snow peaks'], ['stars', '星空'], ['星空', 'night sky'], ['night sky', '星空'], ['desert', '沙漠'],
      ['dunes', '沙丘'], ['沙丘', 'sand dunes'], ['forest', '森林'], ['woods', '森林'], ['city', '城市'], ['skyline', '天际线'], ['night', '夜景'],
      ['mountains', '山峦'], ['山', 'mountains'], ['studio', '摄影棚'], ['background', '背景'], ['texture', '纹理'], ['slow motion', '慢动作'],
      ['慢动作', 'slow motion'], ['moon', '月亮'], ['mist', '晨雾'], ['sea of clouds', '云海'], ['horizon', '海平面'], ['sphere', '球体'], ['cube', '立方体'],
    ];
    for (const [query, expected] of pairs) expect([query, synonymsOf(query)]).toEqual([query, expect.arrayContaining([expected])]);
  });
});
