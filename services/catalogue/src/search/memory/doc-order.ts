import { forEachMember } from './doc-bitset.js';

/**
 * Live documents of one kind in one sort order (best sellers first, or newest first), as an
 * array of document numbers kept sorted by `compare`: a page walks it from the top, testing each
 * document against the query's bitmap, and stops once the page is full.
 */
export class DocOrder {
  docs: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  length = 0;
  /**
   * Where each document stands in `docs`: a set too sparse to walk the order for is put in order
   * by sorting these numbers (a typed-array sort) instead of calling `compare` n·log n times.
   */
  private position = new Uint32Array(64);

  constructor(readonly compare: (a: number, b: number) => number) {}

  /** Replaces the contents with `docs`, sorted (the bulk build). */
  reset(docs: number[]): void {
    docs.sort(this.compare);
    this.docs = Uint32Array.from(docs.length > 0 ? docs : [0]);
    this.length = docs.length;
    this.placeFrom(0);
  }

  /**
   * Members `from`..`to` of `set` (which has `counted` members; its first bit is document
   * `origin`) in this order: by walking the order while that is expected to read fewer documents
   * than listing the set and sorting it.
   */
  members(set: Uint32Array, counted: number, from: number, to: number, origin = 0): number[] {
    if (from >= to || counted === 0) return [];
    const walk = (to * this.length) / counted;
    const sort = set.length + counted * (Math.log2(counted + 1) + 1);
    const found: number[] = [];
    if (walk <= sort) {
      let seen = 0;
      for (let i = 0; i < this.length && seen < to; i += 1) {
        const doc = this.docs[i]!;
        // Documents before `origin` read past the set (undefined, so 0): not members.
        const at = doc - origin;
        if ((set[at >>> 5]! & (1 << (at & 31))) === 0) continue;
        if (seen >= from) found.push(doc);
        seen += 1;
      }
      return found;
    }
    const positions = new Uint32Array(counted);
    let members = 0;
    forEachMember(set, (doc) => {
      positions[members++] = this.position[origin + doc]!;
    });
    positions.subarray(0, members).sort();
    for (let i = from; i < Math.min(to, members); i += 1) found.push(this.docs[positions[i]!]!);
    return found;
  }

  /** Where a document of this order stands (0 first): ranking by these numbers needs no `compare`. */
  rankOf(doc: number): number {
    return this.position[doc]!;
  }

  /** Whether `doc` is in the order (with the sort keys it was inserted with). */
  includes(doc: number): boolean {
    const at = this.positionOf(doc);
    return at < this.length && this.docs[at] === doc;
  }

  /** Takes `docs`, already sorted (a snapshot's). */
  adopt(docs: Uint32Array): void {
    this.docs = docs;
    this.length = docs.length;
    this.placeFrom(0);
  }

  insert(doc: number): void {
    if (this.length === this.docs.length) {
      const next = new Uint32Array(Math.max(64, this.docs.length * 2));
      next.set(this.docs);
      this.docs = next;
    }
    const at = this.positionOf(doc);
    this.docs.copyWithin(at + 1, at, this.length);
    this.docs[at] = doc;
    this.length += 1;
    // Only `doc` is new: the others already had room.
    this.placeFrom(at, doc);
  }

  /** Removes `doc`; its sort keys must still be those it was inserted with. */
  delete(doc: number): void {
    const at = this.positionOf(doc);
    if (at < this.length && this.docs[at] === doc) {
      this.docs.copyWithin(at, at + 1, this.length);
      this.length -= 1;
      this.placeFrom(at, 0);
    }
  }

  /** Where `doc` is or would go (first position not before it). */
  private positionOf(doc: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.docs[mid]!, doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Records the positions of the documents from `start` on (those a write moved), making room for `highest`. */
  private placeFrom(start: number, highest = -1): void {
    if (highest < 0) for (let i = start; i < this.length; i += 1) highest = Math.max(highest, this.docs[i]!);
    if (highest >= this.position.length) {
      const grown = new Uint32Array(Math.max(highest + 1, this.position.length * 2));
      grown.set(this.position);
      this.position = grown;
    }
    for (let i = start; i < this.length; i += 1) this.position[this.docs[i]!] = i;
  }
}
