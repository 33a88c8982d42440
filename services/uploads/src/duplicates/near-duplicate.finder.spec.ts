import { agreeingPairs, relationOf } from './near-duplicate.finder.js';

describe('agreeingPairs', () => {
  it('keeps the pairs in step with one another (one offset between the clips), one per frame of ours, in our time order', () => {
    const pairs = [
      { timeMs: 2000, theirTimeMs: 6100, distance: 4 },
      { timeMs: 0, theirTimeMs: 4000, distance: 2 },
      // A chance look-alike elsewhere in their clip.
      { timeMs: 4000, theirTimeMs: 30_000, distance: 1 },
      { timeMs: 4000, theirTimeMs: 7900, distance: 6 },
    ];
    expect(agreeingPairs(pairs)).toEqual([
      { timeMs: 0, theirTimeMs: 4000, distance: 2 },
      { timeMs: 2000, theirTimeMs: 6100, distance: 4 },
      { timeMs: 4000, theirTimeMs: 7900, distance: 6 },
    ]);
  });

  it('finds no agreement in pairs whose offsets all differ', () => {
    const scattered = [
      { timeMs: 0, theirTimeMs: 10_000, distance: 3 },
      { timeMs: 2000, theirTimeMs: 2000, distance: 3 },
      { timeMs: 4000, theirTimeMs: 40_000, distance: 3 },
    ];
    expect(agreeingPairs(scattered)).toHaveLength(1);
    expect(agreeingPairs([])).toEqual([]);
  });
});

describe('relationOf', () => {
  const video = (durationSeconds: number) => ({ kind: 'video' as const, durationSeconds });
  const photo = { kind: 'photo' as const, durationSeconds: null };

  it('tells the same footage from a part of it and from a clip holding it', () => {
    expect(relationOf(video(10), video(11))).toBe('same');
    expect(relationOf(video(5), video(12))).toBe('insideTheirs');
    expect(relationOf(video(30), video(6))).toBe('containsTheirs');
    expect(relationOf(photo, photo)).toBe('same');
    // A photo that is a frame of their clip; a clip holding their photo.
    expect(relationOf(photo, video(10))).toBe('insideTheirs');
    expect(relationOf(video(10), photo)).toBe('containsTheirs');
  });
});
