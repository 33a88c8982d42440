import { DocBitset } from './doc-bitset.js';

/** Below this many documents a list stays an array whatever its density. */
const DENSE_MIN = 256;

/**
 * The documents holding one term, in ascending document number. Numbers are only ever appended
 * (a changed document gets a new number, see InMemoryMaterialSearchIndex), so the list stays
 * sorted without moving anything. A list holding at least one document in 32 also keeps a bitmap
 * of itself: scattering it into a query's bitmap would cost more than the bitmap's words.
 */
export class PostingList {
  private docs = new Uint32Array(4);
  length = 0;
  bits: DocBitset | null = null;

  add(doc: number): void {
    if (this.length > 0 && this.docs[this.length - 1] === doc) return;
    if (this.length === this.docs.length) {
      const next = new Uint32Array(this.docs.length * 2);
      next.set(this.docs);
      this.docs = next;
    }
    this.docs[this.length++] = doc;
    if (this.bits) this.bits.add(doc);
    else if (this.length >= DENSE_MIN && this.length * 32 >= doc) {
      this.bits = new DocBitset((doc >>> 5) + 1);
      for (let i = 0; i < this.length; i += 1) this.bits.add(this.docs[i]!);
    }
  }

  has(doc: number): boolean {
    if (this.bits) return this.bits.has(doc);
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = this.docs[mid]!;
      if (value === doc) return true;
      if (value < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** target := target ∨ this. */
  orInto(target: Uint32Array): void {
    if (this.bits) {
      const source = this.bits.words;
      const shared = Math.min(source.length, target.length);
      for (let i = 0; i < shared; i += 1) target[i]! |= source[i]!;
      return;
    }
    const limit = target.length << 5;
    for (let i = 0; i < this.length; i += 1) {
      const doc = this.docs[i]!;
      if (doc >= limit) break;
      target[doc >>> 5]! |= 1 << (doc & 31);
    }
  }

  /** Drops the growth room (after a bulk build). */
  trim(): void {
    if (this.docs.length > this.length) this.docs = this.docs.slice(0, Math.max(this.length, 1));
  }
}
