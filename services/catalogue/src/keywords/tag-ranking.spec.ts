import { TAG_SUGGESTIONS_MAX } from '@mkt/contracts';
import { rankTags, sharesOf } from './tag-ranking.js';

describe('rankTags', () => {
  it('adds up the sources a tag has, weighted, and names the strongest as the reason', () => {
    const ranked = rankTags(
      [
        { tag: 'sunset', reason: 'category', share: 0.9 },
        { tag: 'dusk', reason: 'related', share: 0.5 },
        { tag: 'dusk', reason: 'similar', share: 0.4 },
        { tag: 'sunset', reason: 'related', share: 0.1 },
      ],
      [],
    );
    // dusk: 0.7 x 0.5 + 0.8 x 0.4 = 0.67 (similar 0.32 < related 0.35); sunset: 0.35 x 0.9 + 0.07 = 0.385.
    expect(ranked).toEqual([
      { tag: 'dusk', reason: 'related' },
      { tag: 'sunset', reason: 'category' },
    ]);
  });

  it('leaves out what is entered (ignoring case), rare tags, and keeps to the maximum', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ tag: `t${String(i).padStart(2, '0')}`, reason: 'related' as const, share: 0.5 }));
    const ranked = rankTags([{ tag: 'Aerial', reason: 'translation', share: 1 }, { tag: 'noise', reason: 'related', share: 0.001 }, ...many], ['aerial']);
    expect(ranked).toHaveLength(TAG_SUGGESTIONS_MAX);
    expect(ranked.map((s) => s.tag)).not.toContain('Aerial');
    expect(ranked.map((s) => s.tag)).not.toContain('noise');
    expect(ranked[0]!.tag).toBe('t00');
  });
});

describe('sharesOf', () => {
  it('turns counts over a sample into shares, and an empty sample into nothing', () => {
    expect(sharesOf(new Map([['city', 5]]), 10, 'similar')).toEqual([{ tag: 'city', reason: 'similar', share: 0.5 }]);
    expect(sharesOf(new Map([['city', 5]]), 0, 'similar')).toEqual([]);
  });
});
