import { stemmer } from 'stemmer';
import { hasHan, segment } from '../../text/text-helpers.js';
import type { MaterialSearchDocument } from '../material-search.port.js';

/**
 * The terms the in-memory engine indexes a document under, and the terms a query token looks up.
 * A term is a one-letter space and the word:
 * - `w` a word of any field (jieba words of the Chinese fields, lower-cased words of the English ones),
 * - `t` a word of either title,
 * - `s` the English stem of a word of the English fields, `u` the same for the English title.
 * A Latin query token matches its word or its stem; a prefix token also every indexed word it
 * starts. The title spaces only rank: they never decide what matches.
 */
export const WORD = 'w';
export const TITLE_WORD = 't';
export const STEM = 's';
export const TITLE_STEM = 'u';

/** Segmented parts kept for reuse: tags and title phrases repeat across a catalogue. */
const MEMO_LIMIT = 200_000;

export class DocumentTerms {
  private readonly segments = new Map<string, string[]>();
  private readonly stems = new Map<string, string>();

  /** Every term key of a document. */
  termsOf(doc: Pick<MaterialSearchDocument, 'titleZh' | 'titleEn' | 'keywordsZh' | 'keywordsEn'>): Set<string> {
    const terms = new Set<string>();
    const titleZh = this.chineseWords(doc.titleZh);
    const keywordsZh = this.chineseWords(doc.keywordsZh.join(' '));
    const titleEn = englishWords(doc.titleEn);
    const keywordsEn = englishWords(doc.keywordsEn.join(' '));
    for (const word of titleZh) terms.add(WORD + word).add(TITLE_WORD + word);
    for (const word of keywordsZh) terms.add(WORD + word);
    for (const word of titleEn) {
      terms.add(WORD + word).add(TITLE_WORD + word);
      if (!hasHan(word)) terms.add(STEM + this.stem(word)).add(TITLE_STEM + this.stem(word));
    }
    for (const word of keywordsEn) {
      terms.add(WORD + word);
      if (!hasHan(word)) terms.add(STEM + this.stem(word));
    }
    return terms;
  }

  /** The English stem of a lower-cased Latin word (Porter). */
  stem(word: string): string {
    let stem = this.stems.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      if (this.stems.size >= MEMO_LIMIT) this.stems.clear();
      this.stems.set(word, stem);
    }
    return stem;
  }

  /** jieba words of a cleaned Chinese text as the PostgreSQL adapter indexes them (with the words inside longer ones). */
  private chineseWords(text: string): string[] {
    const words = new Set<string>();
    for (const part of text.split(' ')) {
      if (!part) continue;
      let found = this.segments.get(part);
      if (!found) {
        found = segment(part, 'index');
        if (this.segments.size >= MEMO_LIMIT) this.segments.clear();
        this.segments.set(part, found);
      }
      for (const word of found) words.add(word);
    }
    return [...words];
  }
}

/** Lower-cased words of a cleaned English text (already free of punctuation). */
function englishWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Words the typo corrector knows: Latin words of 3+ letters without digits (copy numbers are looked up exactly). */
export function isDictionaryWord(word: string): boolean {
  return word.length >= 3 && /^[a-z]/.test(word) && !/[0-9]/.test(word);
}
