/**
 * Typo correction over the engine's own dictionary of indexed Latin words: a query word missing
 * from it becomes the dictionary word most similar to it, as pg_trgm measures similarity (shared
 * trigrams of the space-padded words over all their trigrams), when that similarity reaches
 * TYPO_SIMILARITY. Candidates come from an inverted index of trigrams, so a lookup reads only the
 * words sharing a trigram with the typo.
 */
export const TYPO_SIMILARITY = 0.5;

export class TypoCorrector {
  private readonly words: string[] = [];
  private readonly sizes: number[] = [];
  private readonly known = new Set<string>();
  private readonly byTrigram = new Map<string, number[]>();

  add(word: string): void {
    if (this.known.has(word)) return;
    this.known.add(word);
    const index = this.words.push(word) - 1;
    const trigrams = trigramsOf(word);
    this.sizes.push(trigrams.size);
    for (const trigram of trigrams) {
      const list = this.byTrigram.get(trigram);
      if (list) list.push(index);
      else this.byTrigram.set(trigram, [index]);
    }
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  /** The closest known word (ties: the alphabetically first), or null when none is similar enough. */
  closest(typo: string): string | null {
    const own = trigramsOf(typo);
    const shared = new Map<number, number>();
    for (const trigram of own) for (const index of this.byTrigram.get(trigram) ?? []) shared.set(index, (shared.get(index) ?? 0) + 1);
    let best: string | null = null;
    let bestScore = 0;
    for (const [index, common] of shared) {
      const word = this.words[index]!;
      const score = common / (own.size + this.sizes[index]! - common);
      if (score < TYPO_SIMILARITY) continue;
      if (score > bestScore || (score === bestScore && best !== null && word < best)) {
        best = word;
        bestScore = score;
      }
    }
    return best;
  }
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
