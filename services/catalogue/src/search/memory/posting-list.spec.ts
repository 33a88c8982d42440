import { PostingList } from './posting-list.js';

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('PostingList.orInto', () => {
  it.each([
    ['an array list (rare term)', 40, 100_000],
    ['an array list of thousands spread over the numbers', 5_000, 1_000_000],
    ['a bitmap (common term)', 5_000, 20_000],
  ])('sets exactly the documents added, from any origin, in %s', (_name, members, range) => {
    const random = seeded(members);
    const list = new PostingList();
    const docs = [...new Set(Array.from({ length: members }, () => Math.floor(random() * range)))].sort((a, b) => a - b);
    for (const doc of docs) list.add(doc);
    expect(list.bits !== null).toBe(members * 32 >= range);
    // The whole range, and a window that starts inside it (as a search of one kind reads).
    for (const origin of [0, 32 * Math.floor(range / 64)]) {
      const words = new Uint32Array(Math.ceil((range - origin) / 32));
      words[0] = 1; // what the target held already stays
      list.orInto(words, origin);
      const set: number[] = [];
      words.forEach((word, i) => {
        for (let bit = 0; bit < 32; bit += 1) if (word & (1 << bit)) set.push(origin + 32 * i + bit);
      });
      expect(set).toEqual([...new Set([origin, ...docs.filter((doc) => doc >= origin)])].sort((a, b) => a - b));
    }
  });
});
