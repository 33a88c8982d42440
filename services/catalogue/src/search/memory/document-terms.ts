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
/** Whole tags as stored (`g` Chinese, `h` English), for "similar materials" only. */
export const TAG_ZH = 'g';
export const TAG_EN = 'h';
/** Between the tags of a field's text for the tag fields. */
export const TAG_SEPARATOR = '\u001f';

/** The four searched fields of a document. */
export type SearchField = 'titleZh' | 'keywordsZh' | 'titleEn' | 'keywordsEn' | 'tagsZh' | 'tagsEn';

/** Segmented parts and stems kept for reuse (tags and title phrases repeat across a catalogue); once full, new ones are not kept. */
const MEMO_LIMIT = 200_000;

export class DocumentTerms {
  private readonly segments = new Map<string, string[]>();
  private readonly stems = new Map<string, string>();

  /** Every term key of a document. */
  termsOf(doc: Pick<MaterialSearchDocument, 'titleZh' | 'titleEn' | 'keywordsZh' | 'keywordsEn'>): Set<string> {
    return new Set([
      ...this.fieldTerms('titleZh', doc.titleZh),
      ...this.fieldTerms('keywordsZh', doc.keywordsZh.join(' ')),
      ...this.fieldTerms('titleEn', doc.titleEn),
      ...this.fieldTerms('keywordsEn', doc.keywordsEn.join(' ')),
    ]);
  }

  /** The term keys one field's text gives (tags joined by spaces). */
  fieldTerms(field: SearchField, text: string): string[] {
    const terms: string[] = [];
    if (field === 'tagsZh' || field === 'tagsEn') {
      const space = field === 'tagsZh' ? TAG_ZH : TAG_EN;
      for (const tag of text.split(TAG_SEPARATOR)) if (tag) terms.push(space + tag);
      return terms;
    }
    const title = field === 'titleZh' || field === 'titleEn';
    if (field === 'titleZh' || field === 'keywordsZh') {
      for (const word of this.chineseWords(text)) {
        terms.push(WORD + word);
        if (title) terms.push(TITLE_WORD + word);
      }
      return terms;
    }
    for (const word of englishWords(text)) {
      terms.push(WORD + word);
      if (title) terms.push(TITLE_WORD + word);
      if (hasHan(word)) continue;
      const stem = this.stem(word);
      terms.push(STEM + stem);
      if (title) terms.push(TITLE_STEM + stem);
    }
    return terms;
  }

  /** The English stem of a lower-cased Latin word (Porter). */
  stem(word: string): string {
    let stem = this.stems.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      if (this.stems.size < MEMO_LIMIT) this.stems.set(word, stem);
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
        if (this.segments.size < MEMO_LIMIT) this.segments.set(part, found);
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
