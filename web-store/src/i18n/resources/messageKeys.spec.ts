import { en } from './en';
import { zhCN } from './zh-CN';

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
  it('zh-CN and en carry exactly the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zhCN).sort());
  });

  it('has no empty message in either language', () => {
    for (const text of [...valuesOf(zhCN), ...valuesOf(en)]) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const english = new Map(keysOf(en).map((key) => [key, lookup(en, key)]));
    for (const key of keysOf(zhCN)) {
      expect([key, placeholders(lookup(zhCN, key))]).toEqual([key, placeholders(english.get(key) ?? '')]);
    }
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
