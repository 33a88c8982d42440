import englishMessages from 'ra-language-english';
import { en } from './en';
import { zh } from './zh';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string): string[] => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

describe('console messages', () => {
  const zhLeaves = leaves(zh as unknown as Tree);
  const enLeaves = leaves(en as unknown as Tree);

  it('zh and en have exactly the same keys', () => {
    expect([...zhLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('zh translates every react-admin message', () => {
    const missing = [...leaves(englishMessages as unknown as Tree).keys()].filter((key) => !zhLeaves.has(key));
    expect(missing).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...enLeaves].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(zhLeaves.get(key) ?? '').join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = [...zhLeaves, ...enLeaves].filter(([key, text]) => key !== 'ra.boolean.null' && !text.trim());
    expect(empty).toEqual([]);
  });
});
