import { analyticsEn } from './analytics.en';
import { analyticsZhCN } from './analytics.zh-CN';
import { billEn } from './bill.en';
import { billZhCN } from './bill.zh-CN';
import { boardsEn } from './boards.en';
import { boardsZhCN } from './boards.zh-CN';
import { contestsEn } from './contests.en';
import { contestsZhCN } from './contests.zh-CN';
import { demandEn } from './demand.en';
import { demandZhCN } from './demand.zh-CN';
import { detailsEn } from './details.en';
import { detailsZhCN } from './details.zh-CN';
import { en } from './en';
import { imageSearchEn } from './imageSearch.en';
import { imageSearchZhCN } from './imageSearch.zh-CN';
import { joinEn } from './join.en';
import { joinZhCN } from './join.zh-CN';
import { zhCN } from './zh-CN';

/** The main bundle's strings, and each page's own strings that load with its chunk. */
const bundles: [string, object, object][] = [
  ['main', zhCN, en],
  ['bill', billZhCN, billEn],
  ['join', joinZhCN, joinEn],
  ['contests', contestsZhCN, contestsEn],
  ['details', detailsZhCN, detailsEn],
  ['imageSearch', imageSearchZhCN, imageSearchEn],
  ['boards', boardsZhCN, boardsEn],
  ['demand', demandZhCN, demandEn],
  ['analytics', analyticsZhCN, analyticsEn],
];

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );
}

function valuesOf(tree: object): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : valuesOf(value as object)));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('UI messages', () => {
  it.each(bundles)('%s: zh-CN and en carry exactly the same keys', (_name, chinese, english) => {
    expect(keysOf(english).sort()).toEqual(keysOf(chinese).sort());
  });

  it.each(bundles)('%s: has no empty message in either language', (_name, chinese, english) => {
    for (const text of [...valuesOf(chinese), ...valuesOf(english)]) expect(text.trim()).not.toBe('');
  });

  it.each(bundles)('%s: uses the same placeholders in both languages', (_name, chinese, english) => {
    const englishTexts = new Map(keysOf(english).map((key) => [key, lookup(english, key)]));
    for (const key of keysOf(chinese)) {
      expect([key, placeholders(lookup(chinese, key))]).toEqual([key, placeholders(englishTexts.get(key) ?? '')]);
    }
  });

  it('keeps page strings out of the main bundle: no key is in both', () => {
    for (const [name] of bundles.slice(1)) expect(Object.keys(zhCN)).not.toContain(name);
  });

  it('keeps the login-gating texts of the spec', () => {
    expect(en.gate.loginFirst).toBe('please log in first to use this feature');
    expect(en.gate.signInToUse).toBe('Please sign in use the function.');
    expect(zhCN.gate.loginFirst).toBe('请先登录后使用该功能');
    expect(zhCN.gate.signInToUse).toBe('请登录后使用该功能');
  });

  it('uses the site title of each language', () => {
    expect(zhCN.site.title).toBe('流明素材');
    expect(en.site.title).toBe('Lumen Stock');
  });
});

function lookup(tree: object, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
  return String(value);
}
