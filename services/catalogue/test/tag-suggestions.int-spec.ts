import type { TagSuggestionsResponse } from '@mkt/contracts';
import { DEMO_PHOTO_CATEGORIES, DEMO_VIDEO_CATEGORIES } from '../demo/seed/demo-catalogue-data.js';
import { planDemoCatalogue } from '../demo/seed/demo-catalogue-plan.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';

/** Eight subjects, each with twelve tags in both languages; every material also has two of the common tags. */
const THEMES: [string, string][][] = [
  [['城市', 'city'], ['夜景', 'night view'], ['高楼', 'skyscraper'], ['车流', 'traffic'], ['灯光', 'lights'], ['街道', 'street'], ['霓虹', 'neon'], ['天际线', 'skyline'], ['都市', 'urban'], ['桥梁', 'bridge'], ['商业区', 'downtown'], ['夜晚', 'night']],
  [['海洋', 'ocean'], ['海浪', 'waves'], ['沙滩', 'beach'], ['海岸', 'coast'], ['礁石', 'rocks'], ['潮汐', 'tide'], ['海鸥', 'seagull'], ['蓝色', 'blue'], ['浪花', 'surf'], ['海平面', 'horizon'], ['海风', 'sea breeze'], ['度假', 'holiday']],
  [['森林', 'forest'], ['树木', 'trees'], ['阳光', 'sunlight'], ['绿色', 'green'], ['小溪', 'stream'], ['苔藓', 'moss'], ['自然', 'nature'], ['徒步', 'hiking'], ['落叶', 'leaves'], ['雾', 'mist'], ['山林', 'woodland'], ['清晨', 'morning']],
  [['美食', 'food'], ['烹饪', 'cooking'], ['厨房', 'kitchen'], ['火锅', 'hot pot'], ['面条', 'noodles'], ['蔬菜', 'vegetables'], ['厨师', 'chef'], ['餐厅', 'restaurant'], ['调料', 'spices'], ['热气', 'steam'], ['餐桌', 'table'], ['家常菜', 'home cooking']],
  [['运动', 'sports'], ['跑步', 'running'], ['健身', 'fitness'], ['篮球', 'basketball'], ['足球', 'football'], ['体育场', 'stadium'], ['训练', 'training'], ['汗水', 'sweat'], ['比赛', 'match'], ['团队', 'team'], ['胜利', 'victory'], ['速度', 'speed']],
  [['科技', 'technology'], ['电脑', 'computer'], ['代码', 'code'], ['数据', 'data'], ['芯片', 'chip'], ['屏幕', 'screen'], ['网络', 'network'], ['人工智能', 'artificial intelligence'], ['机器人', 'robot'], ['未来', 'future'], ['服务器', 'server'], ['数字', 'digital']],
  [['山脉', 'mountains'], ['雪山', 'snow mountain'], ['日落', 'sunset'], ['云海', 'sea of clouds'], ['峡谷', 'canyon'], ['湖泊', 'lake'], ['草原', 'grassland'], ['风景', 'landscape'], ['壮丽', 'majestic'], ['高原', 'plateau'], ['星空', 'starry sky'], ['晚霞', 'afterglow']],
  [['家庭', 'family'], ['孩子', 'children'], ['父母', 'parents'], ['微笑', 'smile'], ['拥抱', 'hug'], ['客厅', 'living room'], ['节日', 'festival'], ['团聚', 'reunion'], ['温馨', 'warm'], ['游戏', 'playing'], ['宠物', 'pet'], ['周末', 'weekend']],
];
const COMMON: [string, string][] = [['高清', 'hd'], ['实拍', 'live action'], ['慢动作', 'slow motion'], ['延时', 'timelapse'], ['航拍', 'aerial'], ['特写', 'close up']];

/** A small deterministic generator, so the figures are the same every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('POST /api/material/tagSuggestions', () => {
  let h: CatalogueHarness;
  let token: string;
  const materials: { id: number; categoryId: number; zh: string[]; en: string[] }[] = [];
  const categoryIds: number[] = [];

  beforeAll(async () => {
    h = await startCatalogue({ env: { PREVIEW_STREAMS: 'off', VISUAL_INDEXING: 'off' } });
    token = await h.userToken();
    for (const [index] of THEMES.entries()) {
      const [row] = await h.sql<{ id: number }>(`INSERT INTO catalogue.categories (kind, name_zh, name_en, sort) VALUES ('video', $1, $2, $3) RETURNING id`, [`主题${index}`, `theme ${index}`, index]);
      categoryIds.push(row!.id);
    }
    await h.sql(`INSERT INTO catalogue.search_synonyms (terms) VALUES ($1), ($2)`, [['无人机', 'drone'], ['霓虹', 'neon', 'neon lights']]);
    const next = random(7);
    const inputs = Array.from({ length: 320 }, (_, i) => {
      const theme = i % THEMES.length;
      const pairs = [...shuffled(THEMES[theme]!, next).slice(0, 8), ...shuffled(COMMON, next).slice(0, 2)];
      return { theme, zh: pairs.map(([zh]) => zh), en: pairs.map(([, en]) => en) };
    });
    const created = await h.createMaterials(
      inputs.map((input, i) => ({ kind: 'video', status: 'published', titleZh: `素材${i}`, titleEn: `material ${i}`, keywordsZh: input.zh, keywordsEn: input.en, categoryId: categoryIds[input.theme]!, thumbnailKey: 'renditions/x/thumb.jpg' })),
    );
    created.forEach((row, i) => materials.push({ id: row.id, categoryId: categoryIds[inputs[i]!.theme]!, zh: inputs[i]!.zh, en: inputs[i]!.en }));
  }, 120_000);
  afterAll(() => h?.close());

  const suggest = (body: Record<string, unknown>, as: string | null = token, lang = 'en') => h.call<TagSuggestionsResponse>('/material/tagSuggestions', { body, token: as ?? undefined, lang });

  it('suggests the rest of a material’s tags from its first three and its category, its own copy left out (measured)', async () => {
    const scores = { zh: { precision: 0, recall: 0 }, en: { precision: 0, recall: 0 } };
    const sample = materials.filter((_, i) => i % 4 === 0);
    for (const material of sample) {
      const reply = await suggest({ kind: 'video', keywordsZh: material.zh.slice(0, 3), keywordsEn: material.en.slice(0, 3), categoryId: material.categoryId, excludeId: material.id });
      expect(reply.status).toBe(200);
      for (const language of ['zh', 'en'] as const) {
        const held = new Set(material[language].slice(3).map((tag) => tag.toLowerCase()));
        const firstTen = reply.body.data[language].slice(0, 10).map((s) => s.tag.toLowerCase());
        const hits = firstTen.filter((tag) => held.has(tag)).length;
        scores[language].precision += hits / Math.max(1, firstTen.length);
        scores[language].recall += hits / held.size;
      }
    }
    const figures = Object.fromEntries(Object.entries(scores).map(([language, s]) => [language, { precisionAt10: +(s.precision / sample.length).toFixed(3), recallAt10: +(s.recall / sample.length).toFixed(3) }]));
    console.log(`keyword help on a generated catalogue (${materials.length} materials, ${sample.length} held out): ${JSON.stringify(figures)}`);
    // Seven held-out tags per language: ten suggestions hold most of them when the statistics work.
    for (const language of ['zh', 'en'] as const) {
      expect(figures[language]!.recallAt10).toBeGreaterThan(0.6);
      expect(figures[language]!.precisionAt10).toBeGreaterThan(0.4);
    }
  }, 120_000);

  it('offers the other language from the dictionary and from tagged materials, the look-alikes’ tags, and never what is entered', async () => {
    const reply = await suggest({ kind: 'video', keywordsZh: ['无人机', '霓虹'], keywordsEn: ['Neon'] });
    expect(reply.body.data.en).toEqual(expect.arrayContaining([{ tag: 'drone', reason: 'translation' }, { tag: 'neon lights', reason: 'translation' }]));
    expect(reply.body.data.en.map((s) => s.tag.toLowerCase())).not.toContain('neon');
    expect(reply.body.data.zh.map((s) => s.tag)).not.toContain('霓虹');
    // Every Chinese suggestion is Chinese, every English one is not.
    expect(reply.body.data.zh.every((s) => /\p{Script=Han}/u.test(s.tag))).toBe(true);
    expect(reply.body.data.en.some((s) => /\p{Script=Han}/u.test(s.tag))).toBe(false);

    const oceans = materials.filter((m) => m.zh.includes('海浪') || m.categoryId === categoryIds[1]).slice(0, 12);
    const bySight = await suggest({ kind: 'video', similarIds: oceans.map((m) => m.id) });
    expect(bySight.body.data.zh[0]).toMatchObject({ reason: 'similar' });
    expect(THEMES[1]!.map(([zh]) => zh)).toContain(bySight.body.data.zh[0]!.tag);
    // Photos have none of these: nothing to suggest, not an error.
    expect((await suggest({ kind: 'photo', keywordsZh: ['城市'] })).body.data).toEqual({ zh: [], en: [] });
  });

  it('answers signed-in callers only, and refuses malformed input in the caller’s language', async () => {
    expect((await suggest({ kind: 'video' }, null)).status).toBe(401);
    for (const body of [{}, { kind: 'music' }, { kind: 'video', keywordsZh: 'city' }, { kind: 'video', keywordsZh: ['a\u0000b'] }, { kind: 'video', similarIds: [2 ** 64] }, { kind: 'video', categoryId: -1 }, { kind: 'video', similarIds: Array.from({ length: 49 }, (_, i) => i + 1) }, { kind: 'video', keywordsEn: ['x'.repeat(41)] }]) {
      const reply = await suggest(body, token, 'zh-CN');
      expect([JSON.stringify(body), reply.status]).toEqual([JSON.stringify(body), 422]);
      expect(reply.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('keyword help on the demo catalogue (measured)', () => {
  let h: CatalogueHarness;

  beforeAll(async () => {
    h = await startCatalogue({ env: { PREVIEW_STREAMS: 'off', VISUAL_INDEXING: 'off' } });
  });
  afterAll(() => h?.close());

  it('suggests the rest of each demo material’s tags from its first two and its category', async () => {
    // The demo's materials as the seed plans them (their tags and categories; no media is rendered here).
    const categories = new Map<string, number>();
    for (const [kind, list] of [['video', DEMO_VIDEO_CATEGORIES], ['photo', DEMO_PHOTO_CATEGORIES]] as const) {
      for (const [index, [nameZh, nameEn]] of list.entries()) {
        const [row] = await h.sql<{ id: number }>(`INSERT INTO catalogue.categories (kind, name_zh, name_en, sort) VALUES ($1, $2, $3, $4) RETURNING id`, [kind, nameZh, nameEn, index]);
        categories.set(`${kind}:${index}`, row!.id);
      }
    }
    const items = planDemoCatalogue(240);
    const created = await h.createMaterials(
      items.map((item) => ({ kind: item.kind, status: 'published', titleZh: item.titleZh, titleEn: item.titleEn, keywordsZh: item.subject.keywordsZh, keywordsEn: item.subject.keywordsEn, categoryId: categories.get(`${item.kind}:${item.subject.category}`) ?? null, thumbnailKey: 'renditions/x/thumb.jpg' })),
    );
    const token = await h.userToken();
    const scores = { zh: { precision: 0, recall: 0, n: 0 }, en: { precision: 0, recall: 0, n: 0 } };
    for (const [i, item] of items.entries()) {
      if (i % 3 !== 0) continue;
      const reply = await h.call<TagSuggestionsResponse>('/material/tagSuggestions', {
        token,
        body: { kind: item.kind, keywordsZh: item.subject.keywordsZh.slice(0, 2), keywordsEn: item.subject.keywordsEn.slice(0, 2), categoryId: categories.get(`${item.kind}:${item.subject.category}`) ?? null, excludeId: created[i]!.id },
      });
      for (const language of ['zh', 'en'] as const) {
        const held = new Set((language === 'zh' ? item.subject.keywordsZh : item.subject.keywordsEn).slice(2).map((tag) => tag.toLowerCase()));
        if (held.size === 0) continue;
        const firstTen = reply.body.data[language].slice(0, 10).map((s) => s.tag.toLowerCase());
        const hits = firstTen.filter((tag) => held.has(tag)).length;
        scores[language].precision += hits / Math.max(1, firstTen.length);
        scores[language].recall += hits / held.size;
        scores[language].n += 1;
      }
    }
    const figures = Object.fromEntries(Object.entries(scores).map(([language, s]) => [language, { precisionAt10: +(s.precision / s.n).toFixed(3), recallAt10: +(s.recall / s.n).toFixed(3), materials: s.n }]));
    console.log(`keyword help on the demo catalogue (${items.length} materials of ${new Set(items.map((item) => item.subject.titleEn)).size} subjects): ${JSON.stringify(figures)}`);
    // Materials of a subject share its tags: the held-out ones are found nearly always; at most 2-3 of ten are right.
    for (const language of ['zh', 'en'] as const) expect(figures[language]!.recallAt10).toBeGreaterThan(0.8);
  });
});
