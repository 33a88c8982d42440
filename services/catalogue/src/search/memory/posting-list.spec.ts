import { PostingList } from './posting-list.js';

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('PostingList.addMembership', () => {
  it.each([
    ['an array list (rare term)', 40, 100_000],
    ['an array list of thousands spread over the numbers', 5_000, 1_000_000],
    ['a bitmap (common term)', 5_000, 20_000],
  ])('counts the documents added, for every document asked, in %s', (_name, members, range) => {
    const random = seeded(members);
    const list = new PostingList();
    const docs = [...new Set(Array.from({ length: members }, () => Math.floor(random() * range)))].sort((a, b) => a - b);
    for (const doc of docs) list.add(doc);
    expect(list.bits !== null).toBe(members * 32 >= range);
    // Members and non-members, runs of neighbours, the first and last numbers and past the end.
    const asked = new Set<number>([0, range - 1, range + 5, docs[0]!, docs.at(-1)!]);
    for (let i = 0; i < 300; i += 1) asked.add(random() < 0.5 ? docs[Math.floor(random() * docs.length)]! : Math.floor(random() * range));
    for (let i = 0; i < 20; i += 1) asked.add(docs[100 + i] ?? i);
    const candidates = Uint32Array.from(asked).sort();
    const scores = new Int32Array(candidates.length).fill(3);
    list.addMembership(candidates, scores);
    const added = new Set(docs);
    expect(Array.from(scores)).toEqual(Array.from(candidates, (doc) => (added.has(doc) ? 4 : 3)));
    expect(scores.some((score) => score === 4) && scores.some((score) => score === 3)).toBe(true);
  });
});
