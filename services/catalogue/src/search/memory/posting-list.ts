import { DocBitset } from './doc-bitset.js';

/** Below this many documents a list stays an array whatever its density. */
const DENSE_MIN = 256;
const EMPTY = new Uint32Array(0);

/**
 * The documents holding one term: an array in ascending document number while the term is rare,
 * a bitmap once it holds at least one document in 32 (from then on the bitmap is smaller than the
 * array, and scattering the array into a query's bitmap would cost more than OR-ing the words).
 * Numbers are only ever appended (a changed document gets a new number, see CatalogueIndex), so
 * the array stays sorted without moving anything.
 */
export class PostingList {
  private docs: Uint32Array<ArrayBufferLike> = new Uint32Array(4);
  length = 0;
  bits: DocBitset | null = null;

  static of(length: number, docs: Uint32Array | null, bits: DocBitset | null): PostingList {
    const list = new PostingList();
    list.length = length;
    list.docs = docs ?? EMPTY;
    list.bits = bits;
    return list;
  }

  /** What a snapshot keeps of the list (the array is trimmed to its length). */
  state(): { length: number; docs: Uint32Array; bits: DocBitset | null } {
    return { length: this.length, docs: this.docs.subarray(0, this.length), bits: this.bits };
  }

  /** `reservedWords`: the bitmap size the index expects to reach, so a new bitmap is not regrown. */
  add(doc: number, reservedWords = 0): void {
    if (this.bits) {
      if (!this.bits.has(doc)) {
        this.bits.add(doc);
        this.length += 1;
      }
      return;
    }
    if (this.length > 0 && this.docs[this.length - 1] === doc) return;
    if (this.length === this.docs.length) {
      const next = new Uint32Array(this.docs.length * 2);
      next.set(this.docs);
      this.docs = next;
    }
    this.docs[this.length++] = doc;
    if (this.length >= DENSE_MIN && this.length * 32 >= doc) {
      this.bits = new DocBitset(Math.max((doc >>> 5) + 1, reservedWords));
      for (let i = 0; i < this.length; i += 1) this.bits.add(this.docs[i]!);
      this.docs = EMPTY;
    }
  }

  /** target := target ∨ this, where `target` holds the documents from `origin` (a multiple of 32) on. */
  orInto(target: Uint32Array, origin = 0): void {
    const first = origin >>> 5;
    if (this.bits) {
      const source = this.bits.words;
      const shared = Math.min(source.length - first, target.length);
      for (let i = 0; i < shared; i += 1) target[i]! |= source[first + i]!;
      return;
    }
    const limit = origin + (target.length << 5);
    for (let i = origin === 0 ? 0 : lowerBoundOf(this.docs, this.length, origin); i < this.length; i += 1) {
      const doc = this.docs[i]!;
      if (doc >= limit) break;
      const at = doc - origin;
      target[at >>> 5]! |= 1 << (at & 31);
    }
  }

  /** Drops the growth room (after a bulk build of `wordCount` bitmap words). */
  trim(wordCount: number): void {
    this.bits?.trim(wordCount);
    if (!this.bits && this.docs.length > this.length) this.docs = this.docs.slice(0, Math.max(this.length, 1));
  }
}

/** The first position of `docs[0..length)` (ascending) holding `doc` or more. */
function lowerBoundOf(docs: Uint32Array, length: number, doc: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
