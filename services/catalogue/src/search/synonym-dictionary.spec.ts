import { normalizeQuery } from '../text/text-helpers.js';
import { SynonymDictionary, type QueryWord } from './synonym-dictionary.js';
import { SynonymCache } from './synonym-store.js';

const AERIAL = ['航拍', '无人机', 'aerial', 'drone', 'drone shot', '空拍'];
const dictionary = new SynonymDictionary([AERIAL, ['timelapse', 'time lapse', '延时摄影', '延时'], ['山', '山峦', 'mountains'], ['sunset', '日落', '夕陽']]);

const expand = (keyword: string, d = dictionary): QueryWord[] => d.expand(normalizeQuery(keyword));
/** The synonyms of each query word, each written as its tokens joined by spaces. */
const synonymsOf = (words: QueryWord[]) => words.map((w) => w.synonyms.map((s) => s.map((t) => t.token).join(' ')).sort());
const own = (words: QueryWord[]) => words.map((w) => w.tokens.map((t) => t.token).join(' '));

describe('SynonymDictionary.ofSegmented', () => {
  it('rebuilds the same dictionary from its segmented groups, without segmenting', () => {
    const copy = SynonymDictionary.ofSegmented(dictionary.segmentedGroups);
    expect(copy.fingerprint).toBe(dictionary.fingerprint);
    expect(copy.size).toBe(dictionary.size);
    for (const keyword of ['drone shot sunset', '夕陽 无人机', 'city time lapse', '山峦', 'mountains']) expect(expand(keyword, copy)).toEqual(expand(keyword));
    // Segmented, not raw: a Han phrase jieba splits is sent as its words.
    expect(dictionary.segmentedGroups.flat()).toContain('延时 摄影');
  });
});

describe('SynonymDictionary.expand', () => {
  it('gives a word of a group every other term of its group, in either language', () => {
    const words = expand('drone');
    expect(own(words)).toEqual(['drone']);
    expect(synonymsOf(words)).toEqual([['aerial', 'drone shot', '无人机', '空拍', '航拍'].sort()]);
    expect(synonymsOf(expand('无人机'))).toEqual([['aerial', 'drone', 'drone shot', '空拍', '航拍'].sort()]);
    // Terms are cleaned as stored: the traditional 夕陽 is 夕阳, and a traditional query finds the group.
    expect(synonymsOf(expand('夕陽'))).toEqual([['sunset', '日落'].sort()]);
    expect(synonymsOf(expand('DRONE'))).toEqual(synonymsOf(expand('drone')));
  });

  it('reads a dictionary phrase as one query word, longest first', () => {
    const words = expand('drone shot');
    expect(own(words)).toEqual(['drone shot']);
    expect(synonymsOf(words)[0]).toContain('航拍');
    expect(synonymsOf(words)[0]).not.toContain('drone shot');
    // "time lapse" is a term; "lapse" alone is not.
    expect(own(expand('city time lapse'))).toEqual(['city', 'time lapse']);
    expect(synonymsOf(expand('lapse'))).toEqual([[]]);
    // Long phrases too (a term may have up to 40 characters).
    const long = new SynonymDictionary([['a view of the city from the top', '城市俯瞰']]);
    expect(own(expand('a view of the city from the top', long))).toEqual(['a view of the city from the top']);
    expect(synonymsOf(expand('a view of the city from the top', long))).toEqual([['城市 俯瞰']]);
  });

  it('segments Chinese queries with jieba and finds the terms among the words', () => {
    const words = expand('城市航拍');
    expect(own(words)).toEqual(['城市', '航拍']);
    expect(synonymsOf(words)[0]).toEqual([]);
    expect(synonymsOf(words)[1]).toContain('drone');
    // A multi-word Chinese term is matched on the same segmentation as the query.
    expect(synonymsOf(expand('延时摄影'))[0]).toEqual(expect.arrayContaining(['timelapse', 'time lapse', '延时']));
  });

  it('keeps different query words as separate words (AND), each with its own group', () => {
    const words = expand('drone sunset');
    expect(own(words)).toEqual(['drone', 'sunset']);
    expect(synonymsOf(words)[1]).toEqual(['夕阳', '日落'].sort());
    expect(synonymsOf(words)[0]).toContain('航拍');
  });

  it('folds a plural "s" for the lookup only', () => {
    const words = expand('drones');
    expect(own(words)).toEqual(['drones']);
    expect(synonymsOf(words)[0]).toContain('航拍');
    expect(synonymsOf(words)[0]).not.toContain('drone');
    expect(synonymsOf(expand('mountain'))[0]).toEqual(['山', '山峦']);
  });

  it('keeps the prefix rule of the adapters: the last token of [...han, ...other] and single Han characters', () => {
    const words = expand('航拍 drone 城市 shot');
    expect(words.map((w) => w.tokens)).toEqual([[{ token: '航拍', prefix: false }], [{ token: '城市', prefix: false }], [{ token: 'drone', prefix: false }], [{ token: 'shot', prefix: true }]]);
    // Synonyms are whole words, but a single Han character also as a prefix, as in a query.
    const mountain = expand('mountains')[0]!;
    expect(mountain.tokens).toEqual([{ token: 'mountains', prefix: true }]);
    expect(mountain.synonyms).toEqual(expect.arrayContaining([[{ token: '山', prefix: true }], [{ token: '山峦', prefix: false }]]));
  });

  it('changes nothing for a query without synonyms: one word per token in the same order and prefixes', () => {
    for (const keyword of ['上海外滩夜景', 'panda bamboo', '熊猫 panda 竹', 'tmelapse', '']) {
      const normalized = normalizeQuery(keyword);
      const tokens = [...normalized.han, ...normalized.other];
      const expected = tokens.map((token, index) => ({ tokens: [{ token, prefix: index === tokens.length - 1 || (/\p{Script=Han}/u.test(token) && token.length === 1) }], synonyms: [] }));
      expect(expand(keyword)).toEqual(expected);
      expect(SynonymDictionary.EMPTY.expand(normalized)).toEqual(expected);
    }
  });

  it('follows typo correction: the corrected `other` words are the ones expanded', () => {
    const normalized = normalizeQuery('dronne city');
    const words = dictionary.expand({ ...normalized, other: ['drone', 'city'] });
    expect(own(words)).toEqual(['drone', 'city']);
    expect(synonymsOf(words)[0]).toContain('航拍');
  });

  it('ignores groups left with fewer than two different terms and unions groups sharing a term', () => {
    const d = new SynonymDictionary([['wave', 'waves'], ['!!!', 'ocean'], ['night', '夜景'], ['night', '夜晚']]);
    expect(synonymsOf(expand('waves', d))).toEqual([[]]);
    expect(synonymsOf(expand('ocean', d))).toEqual([[]]);
    expect(synonymsOf(expand('night', d))).toEqual([['夜景', '夜晚'].sort()]);
    expect(d.fingerprint).not.toBe(new SynonymDictionary([['night', '夜景']]).fingerprint);
  });
});

describe('SynonymCache', () => {
  const setup = () => {
    let time = 0;
    let groups: string[][] = [AERIAL];
    let loads = 0;
    let failing = false;
    const cache = new SynonymCache(
      async () => {
        loads += 1;
        if (failing) throw new Error('database down');
        return groups;
      },
      30_000,
      () => time,
    );
    const heard: number[] = [];
    cache.onChange(() => heard.push(time));
    return {
      cache,
      heard,
      loads: () => loads,
      advance: (ms: number) => (time += ms),
      setGroups: (next: string[][]) => (groups = next),
      fail: (on: boolean) => (failing = on),
    };
  };

  it('loads lazily once, shares a load in flight, and reads again after the ttl', async () => {
    const s = setup();
    expect(s.loads()).toBe(0);
    const [a, b] = await Promise.all([s.cache.dictionary(), s.cache.dictionary()]);
    expect(a).toBe(b);
    expect(s.loads()).toBe(1);
    s.advance(29_999);
    await s.cache.dictionary();
    expect(s.loads()).toBe(1);
    s.advance(1);
    await s.cache.dictionary();
    expect(s.loads()).toBe(2);
    // Same groups: nobody is told.
    expect(s.heard).toEqual([]);
  });

  it('tells listeners when a read after the ttl finds other groups (an edit on another replica)', async () => {
    const s = setup();
    await s.cache.dictionary();
    s.setGroups([AERIAL, ['sunset', '日落']]);
    s.advance(30_000);
    const next = await s.cache.dictionary();
    expect(next.synonymsOf(['sunset'])).toEqual([['日落']]);
    expect(s.heard).toEqual([30_000]);
  });

  it('forgets the dictionary at once on `changed` and tells listeners', async () => {
    const s = setup();
    await s.cache.dictionary();
    s.setGroups([]);
    s.cache.changed();
    expect(s.heard).toEqual([0]);
    expect((await s.cache.dictionary()).size).toBe(0);
    expect(s.loads()).toBe(2);
  });

  it('does not keep a read that started before `changed`', async () => {
    const s = setup();
    const early = s.cache.dictionary();
    s.setGroups([]);
    s.cache.changed();
    await early;
    expect((await s.cache.dictionary()).size).toBe(0);
  });

  it('keeps the previous dictionary when a refresh fails, and fails when there is none', async () => {
    const s = setup();
    s.fail(true);
    await expect(s.cache.dictionary()).rejects.toThrow('database down');
    s.fail(false);
    const first = await s.cache.dictionary();
    s.fail(true);
    s.advance(30_000);
    expect(await s.cache.dictionary()).toBe(first);
    s.fail(false);
    expect(await s.cache.dictionary()).not.toBe(first);
  });
});
