import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import * as OpenCC from 'opencc-js';

/**
 * The text helpers of spec section 5, applied when materials are written and to every query, so
 * both sides meet in the same form: NFKC (full-width letters and digits become ASCII), traditional
 * Chinese folded to simplified, punctuation (Chinese and ASCII) removed, spaces collapsed.
 * Han runs are segmented with jieba; other words are lower-cased here and stemmed by PostgreSQL's
 * `english` configuration at query time.
 */

const traditionalToSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
let jieba: Jieba | undefined;
const segmenter = (): Jieba => (jieba ??= Jieba.withDict(dict));

const PUNCTUATION = /[\p{P}\p{S}]+/gu;
const HAN_RUN = /\p{Script=Han}+/gu;
const WORD_RUN = /[\p{L}\p{N}]+/gu;
const HAN_CHAR = /\p{Script=Han}/u;

export function toSimplified(text: string): string {
  return traditionalToSimplified(text);
}

/** Punctuation and symbols become spaces (so 'city,night' stays two words). */
export function stripPunctuation(text: string): string {
  return text.replace(PUNCTUATION, ' ');
}

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A title or a tag as stored and searched: NFKC, simplified, no punctuation, single spaces. */
export function cleanText(text: string): string {
  return collapseSpaces(stripPunctuation(toSimplified(text.normalize('NFKC'))));
}

/** Cleans each tag, drops empty ones and keeps the first of tags equal ignoring case (after simplification). */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const cleaned = cleanText(tag);
    const key = cleaned.toLowerCase();
    if (!cleaned || seen.has(key)) continue;
    seen.add(key);
    result.push(cleaned);
  }
  return result;
}

export function hasHan(text: string): boolean {
  return HAN_CHAR.test(text);
}

/**
 * Tokens of a cleaned text, in order: jieba words for Han runs, lower-cased words for the rest.
 * `mode: 'index'` also adds every dictionary word jieba finds inside a run (cutAll), so a query
 * segmented differently from the title ('夜景' inside '城市夜景') still meets it.
 */
export function segment(text: string, mode: 'query' | 'index' = 'query'): string[] {
  const tokens: string[] = [];
  const cleaned = cleanText(text);
  for (const part of cleaned.split(' ')) {
    let last = 0;
    for (const match of part.matchAll(HAN_RUN)) {
      pushWords(tokens, part.slice(last, match.index));
      const run = match[0];
      const words = segmenter().cut(run, true).filter((w) => w.trim());
      tokens.push(...words);
      if (mode === 'index') tokens.push(...segmenter().cutAll(run).filter((w) => w.trim() && !words.includes(w)));
      last = match.index + run.length;
    }
    pushWords(tokens, part.slice(last));
  }
  return mode === 'index' ? [...new Set(tokens)] : tokens;
}

function pushWords(tokens: string[], text: string): void {
  for (const match of text.matchAll(WORD_RUN)) tokens.push(match[0].toLowerCase());
}

export interface NormalizedQuery {
  /** The cleaned query (simplified, no punctuation). */
  text: string;
  /** Segmented words, space-joined: what the store shows as "you searched for". */
  display: string;
  han: string[];
  other: string[];
}

/** A search keyword as the index sees it. Every token is letters and digits only: safe inside tsquery syntax. */
export function normalizeQuery(keyword: string): NormalizedQuery {
  const text = cleanText(keyword);
  const tokens = segment(text, 'query');
  return {
    text,
    display: tokens.join(' '),
    han: tokens.filter((t) => hasHan(t)),
    other: tokens.filter((t) => !hasHan(t)),
  };
}
