/**
 * Typo correction over the engine's own dictionary of indexed Latin words: a query word missing
 * from it becomes the dictionary word fewest edits away (insertions, deletions, substitutions and
 * swaps of neighbours), within one edit for words of up to 5 letters and two for longer ones, as
 * search engines' "automatic fuzziness" allows; among equally close words the one sharing the
 * most trigrams (pg_trgm's similarity), then the alphabetically first. Candidates come from an
 * inverted index of trigrams, so a lookup reads only the words sharing a trigram with the typo.
 */
export class TypoCorrector {
  private readonly words: string[] = [];
  private readonly known = new Set<string>();
  private readonly byTrigram = new Map<string, number[]>();

  add(word: string): void {
    if (this.known.has(word)) return;
    this.known.add(word);
    const index = this.words.push(word) - 1;
    for (const trigram of trigramsOf(word)) {
      const list = this.byTrigram.get(trigram);
      if (list) list.push(index);
      else this.byTrigram.set(trigram, [index]);
    }
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  /** The closest known word within the allowed edits, or null. */
  closest(typo: string): string | null {
    const candidates = new Set<number>();
    for (const trigram of trigramsOf(typo)) for (const index of this.byTrigram.get(trigram) ?? []) candidates.add(index);
    return closestOf(typo, [...candidates].map((index) => this.words[index]!));
  }
}

/** Edits a word of this length may be away from its correction. */
export function allowedEdits(word: string): number {
  return word.length <= 5 ? 1 : 2;
}

/** The correction of `typo` among `words` (the rule of TypoCorrector), or null. */
export function closestOf(typo: string, words: Iterable<string>): string | null {
  const limit = allowedEdits(typo);
  let best: string | null = null;
  let bestEdits = limit + 1;
  let bestSimilarity = 0;
  for (const word of words) {
    if (Math.abs(word.length - typo.length) > limit) continue;
    const edits = editDistance(typo, word, limit);
    if (edits > limit || edits > bestEdits) continue;
    const similarity = similarityOf(typo, word);
    if (edits < bestEdits || similarity > bestSimilarity || (similarity === bestSimilarity && best !== null && word < best)) {
      best = word;
      bestEdits = edits;
      bestSimilarity = similarity;
    }
  }
  return best;
}

/**
 * Optimal string alignment distance (Levenshtein with swaps of neighbours), or `limit + 1` as soon
 * as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  let before = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  let previousMin = 0;
  for (let i = 1; i < rows; i += 1) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    // A cell comes from the row above or, by a swap, the row above that plus one: once two rows
    // in a row exceed the limit, every later one does.
    if (rowMin > limit && previousMin > limit) return limit + 1;
    previousMin = rowMin;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[cols - 1]!, limit + 1);
}

/** pg_trgm's trigrams of one word: two spaces before, one after, distinct. */
export function trigramsOf(word: string): Set<string> {
  const padded = `  ${word} `;
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) trigrams.add(padded.slice(i, i + 3));
  return trigrams;
}

/** pg_trgm's similarity of two words. */
export function similarityOf(a: string, b: string): number {
  const x = trigramsOf(a);
  const y = trigramsOf(b);
  let common = 0;
  for (const trigram of x) if (y.has(trigram)) common += 1;
  return common / (x.size + y.size - common);
}
