import { generateJudgeKey, hashJudgeKey, judgeKeyHint, normaliseJudgeKey } from './judge-key.js';

describe('judge keys', () => {
  it('are five groups of four unambiguous characters, different every time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateJudgeKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
  });

  it('read back whatever the case, spaces and dashes', () => {
    const key = generateJudgeKey();
    const normalised = normaliseJudgeKey(key)!;
    expect(normaliseJudgeKey(` ${key.toLowerCase().replace(/-/g, ' ')} `)).toBe(normalised);
    expect(hashJudgeKey(normalised)).toMatch(/^[0-9a-f]{64}$/);
    expect(judgeKeyHint(normalised)).toBe(key.slice(-4));
  });

  it('refuse what cannot be a key before any lookup', () => {
    for (const typed of ['', 'abc', 'O'.repeat(20), `${generateJudgeKey()}X`, '\u0000'.repeat(20)]) expect(normaliseJudgeKey(typed)).toBeNull();
  });
});
