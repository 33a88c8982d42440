/**
 * Sets of document numbers as plain bitmaps: 32 documents per Uint32 word, so a set over a
 * million documents is 31,250 words and intersecting, uniting or counting two of them is one pass
 * over those words, whatever the number of members. A set grows when a larger number is added;
 * words past its end count as empty in every operation.
 */
export class DocBitset {
  words: Uint32Array<ArrayBufferLike>;
  private span: [number, number] | null = null;

  constructor(wordCount = 0) {
    this.words = new Uint32Array(wordCount);
  }

  static of(words: Uint32Array): DocBitset {
    const set = new DocBitset();
    set.words = words;
    return set;
  }

  has(doc: number): boolean {
    const w = doc >>> 5;
    return w < this.words.length && (this.words[w]! & (1 << (doc & 31))) !== 0;
  }

  add(doc: number): void {
    const w = doc >>> 5;
    if (w >= this.words.length) this.grow(w + 1);
    this.words[w]! |= 1 << (doc & 31);
    if (this.span) this.span = this.span[0] === this.span[1] ? [w, w + 1] : [Math.min(this.span[0], w), Math.max(this.span[1], w + 1)];
  }

  /**
   * The words from the first to the last non-empty one, `[first, end)`: worked out once, widened
   * by later additions and never narrowed by deletions (a wider span only costs words).
   */
  occupied(): [number, number] {
    this.span ??= occupiedWords(this.words);
    return this.span;
  }

  delete(doc: number): void {
    const w = doc >>> 5;
    if (w < this.words.length) this.words[w]! &= ~(1 << (doc & 31));
  }

  /** Makes room for `wordCount` words at once. */
  reserve(wordCount: number): void {
    if (this.words.length < wordCount) this.grow(wordCount);
  }

  /** Drops words past `wordCount` (growth room left after a bulk build; they are empty). */
  trim(wordCount: number): void {
    if (this.words.length > wordCount) this.words = this.words.slice(0, wordCount);
  }

  private grow(wordCount: number): void {
    const next = new Uint32Array(Math.max(wordCount, Math.min(this.words.length * 2, wordCount + 4096), 64));
    next.set(this.words);
    this.words = next;
  }
}

/** Set bits of a 32-bit word (SWAR popcount). */
export function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Members of a word array. */
export function countOf(words: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < words.length; i += 1) {
    const x = words[i]!;
    if (x !== 0) count += bitCount(x);
  }
  return count;
}

/** target := target ∧ source. */
export function andInto(target: Uint32Array, source: Uint32Array): void {
  const shared = Math.min(target.length, source.length);
  for (let i = 0; i < shared; i += 1) target[i]! &= source[i]!;
  if (shared < target.length) target.fill(0, shared);
}

/** target := target ∨ source. */
export function orInto(target: Uint32Array, source: Uint32Array): void {
  const shared = Math.min(target.length, source.length);
  for (let i = 0; i < shared; i += 1) target[i]! |= source[i]!;
}

/** target := source (shorter sources padded with empty words). */
export function copyInto(target: Uint32Array, source: Uint32Array): void {
  if (source.length >= target.length) target.set(source.subarray(0, target.length));
  else {
    target.set(source);
    target.fill(0, source.length);
  }
}

/**
 * Calls `visit` with the members in ascending order until it returns false; returns how many it
 * visited. Empty words cost one comparison each.
 */
export function forEachMember(words: Uint32Array, visit: (doc: number) => boolean | void): number {
  let visited = 0;
  for (let w = 0; w < words.length; w += 1) {
    let x = words[w]!;
    while (x !== 0) {
      const lowest = x & -x;
      visited += 1;
      if (visit((w << 5) + 31 - Math.clz32(lowest)) === false) return visited;
      x ^= lowest;
    }
  }
  return visited;
}

/**
 * Scratch word arrays for one search, handed out and taken back in bulk: a search over a million
 * documents needs a dozen of them, and allocating 125 KB each per request would keep the garbage
 * collector busy. Searches run synchronously, so one pool per engine is never shared by two.
 * Arrays are as long as the largest size asked for; each search takes views of the size it works
 * on (a search of one kind works on that kind's words only).
 */
export class ScratchWords {
  private free: Uint32Array[] = [];
  private lent: Uint32Array[] = [];
  private capacity = 0;
  private size = 0;

  /** Arrays of `wordCount` words from here on (kept arrays are dropped only when too short). */
  resize(wordCount: number): void {
    if (wordCount > this.capacity) {
      this.capacity = wordCount;
      this.free = [];
    }
    this.size = wordCount;
  }

  /** A zeroed array of the current size. */
  take(): Uint32Array {
    const words = this.takeForCopy();
    words.fill(0);
    return words;
  }

  /** An array of the current size whose contents are left over: for a target about to be overwritten by copyInto. */
  takeForCopy(): Uint32Array {
    const words = this.free.pop() ?? new Uint32Array(this.capacity);
    this.lent.push(words);
    return words.subarray(0, this.size);
  }

  /** Everything taken since the last call comes back (at the end of a search). */
  returnAll(): void {
    for (const words of this.lent) if (words.length === this.capacity) this.free.push(words);
    this.lent = [];
  }
}

/** The words of `words` from the first to the last non-empty one: `[first, end)`, `[0, 0)` when all are empty. */
export function occupiedWords(words: Uint32Array): [number, number] {
  let first = 0;
  while (first < words.length && words[first] === 0) first += 1;
  if (first === words.length) return [0, 0];
  let end = words.length;
  while (words[end - 1] === 0) end -= 1;
  return [first, end];
}
