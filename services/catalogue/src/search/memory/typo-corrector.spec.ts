import { TypoCorrector, closestOf, editDistance } from './typo-corrector.js';

describe('typo correction', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(editDistance('sunst', 'sunset', 2)).toBe(1);
    expect(editDistance('tmelapse', 'timelapse', 2)).toBe(1);
    expect(editDistance('aerail', 'aerial', 2)).toBe(1);
    expect(editDistance('cat', 'cut', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('same', 'same', 1)).toBe(0);
  });

  it('allows one edit up to 5 letters and two beyond, preferring fewer edits, then shared trigrams, then the alphabet', () => {
    expect(closestOf('sunst', ['sunset', 'sunrise'])).toBe('sunset');
    expect(closestOf('snst', ['sunset'])).toBeNull();
    expect(closestOf('timlapse', ['timelapse', 'time'])).toBe('timelapse');
    expect(closestOf('mountian', ['mountain', 'fountain'])).toBe('mountain');
    expect(closestOf('cors', ['cars', 'core'])).toBe('core');
    expect(closestOf('bat', ['cat', 'hat'])).toBe('cat');
    expect(closestOf('zzzzzz', ['sunset'])).toBeNull();
  });

  it('finds the same correction through its trigram index as by reading every word', () => {
    const words = ['sunset', 'sunrise', 'timelapse', 'mountain', 'fountain', 'aerial', 'harbour', 'skyline', 'street', 'forest'];
    const corrector = new TypoCorrector();
    for (const word of words) corrector.add(word);
    for (const typo of ['sunst', 'sunsett', 'tmelapse', 'muntain', 'aerail', 'harbor', 'skylne', 'stret', 'forrest', 'qqqq']) {
      expect([typo, corrector.closest(typo)]).toEqual([typo, closestOf(typo, words)]);
    }
  });
});
