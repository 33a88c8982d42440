import { cleanText, hasHan, segment, type NormalizedQuery } from '../text/text-helpers.js';

/**
 * The search's synonym dictionary and the one place a query is expanded with it, for every search
 * adapter. A dictionary is a list of groups of equivalent words or phrases in either language
 * ({航拍, 无人机, aerial, drone, drone shot}); a query word or phrase that is a term of a group
 * matches itself OR any other term of the group. Different query words still all have to match.
 */

/**
 * The lookup form of a term's tokens: Latin words without a plural "s" ("waves" and "wave",
 * "dunes" and "dune" meet). Both the terms and the query go through it, so only the lookup is
 * affected; the search itself still runs on the words as typed and as entered.
 */
function keyOf(tokens: readonly string[]): string {
  return tokens.map((token) => (/^[a-z]{3,}s$/.test(token) && !token.endsWith('ss') ? token.slice(0, -1) : token)).join(' ');
}

export class SynonymDictionary {
  static readonly EMPTY = new SynonymDictionary([]);

  /** Lookup key → the tokens of every term equivalent to it (itself included). */
  private readonly byKey = new Map<string, string[][]>();
  /** The longest term in tokens ("drone shot" is 2): the longest phrase looked for in a query. */
  private readonly longest: number;
  /** The groups as built from (cleaned, de-duplicated terms), for callers comparing dictionaries. */
  readonly fingerprint: string;
  /**
   * The groups as segmented terms (tokens joined by single spaces): `ofSegmented` builds the same
   * dictionary from them without segmenting again (the search index's thread has no use for jieba).
   */
  readonly segmentedGroups: readonly (readonly string[])[];

  constructor(groups: readonly (readonly string[])[], tokensOf: (term: string) => string[] = (term) => segment(cleanText(term), 'query')) {
    const termsByKey = new Map<string, Map<string, string[]>>();
    let longest = 0;
    const cleaned: string[][] = [];
    for (const group of groups) {
      const terms = new Map<string, string[]>();
      for (const term of group) {
        const tokens = tokensOf(term);
        if (tokens.length === 0) continue;
        terms.set(tokens.join(' '), tokens);
      }
      if (terms.size < 2) continue;
      cleaned.push([...terms.keys()]);
      const keys = new Set([...terms.values()].map(keyOf));
      if (keys.size < 2) continue;
      for (const tokens of terms.values()) {
        const key = keyOf(tokens);
        longest = Math.max(longest, tokens.length);
        const equivalents = termsByKey.get(key) ?? new Map<string, string[]>();
        for (const [text, other] of terms) equivalents.set(text, other);
        termsByKey.set(key, equivalents);
      }
    }
    for (const [key, equivalents] of termsByKey) this.byKey.set(key, [...equivalents.values()]);
    this.longest = longest;
    this.fingerprint = JSON.stringify(cleaned);
    this.segmentedGroups = cleaned;
  }

  /** The dictionary whose `segmentedGroups` these are. */
  static ofSegmented(groups: readonly (readonly string[])[]): SynonymDictionary {
    return new SynonymDictionary(groups, (term) => term.split(' ').filter(Boolean));
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The tokens of every other term of the groups `tokens` belongs to, or [] when it belongs to none. */
  synonymsOf(tokens: readonly string[]): string[][] {
    const key = keyOf(tokens);
    return (this.byKey.get(key) ?? []).filter((other) => keyOf(other) !== key);
  }

  /**
   * The query cut into words to match: the longest dictionary phrase at each position (so "drone
   * shot" is one word of the query when the dictionary knows it), every other token on its own.
   */
  expand(normalized: Pick<NormalizedQuery, 'display' | 'han' | 'other'>): QueryWord[] {
    // The query's tokens in typed order, each with its place in [...han, ...other], the order the
    // adapters have always used (typo correction replaces `other` words, not `display`).
    const shown = normalized.display.split(' ').filter(Boolean);
    let nextHan = 0;
    let nextOther = 0;
    const ordered: { token: string; index: number }[] = [];
    for (const word of shown) {
      if (hasHan(word) && nextHan < normalized.han.length) ordered.push({ token: normalized.han[nextHan]!, index: nextHan++ });
      else if (!hasHan(word) && nextOther < normalized.other.length) ordered.push({ token: normalized.other[nextOther]!, index: normalized.han.length + nextOther++ });
    }
    const count = normalized.han.length + normalized.other.length;
    const last = count - 1;
    const prefixOf = (token: string, index: number): boolean => index === last || (hasHan(token) && token.length === 1);

    const words: (QueryWord & { first: number })[] = [];
    for (let start = 0; start < ordered.length; ) {
      let span = 1;
      let synonyms: QueryToken[][] = [];
      for (let length = Math.min(this.longest, ordered.length - start); length >= 1; length -= 1) {
        const found = this.synonymsOf(ordered.slice(start, start + length).map((t) => t.token));
        if (found.length > 0) {
          span = length;
          // A single Han character also as a prefix, as in the query itself ('山' meets '山峦').
          synonyms = found.map((term) => term.map((token) => ({ token, prefix: hasHan(token) && token.length === 1 })));
          break;
        }
      }
      const tokens = ordered
        .slice(start, start + span)
        .sort((a, b) => a.index - b.index)
        .map(({ token, index }) => ({ token, prefix: prefixOf(token, index), index }));
      words.push({ tokens: tokens.map(({ token, prefix }) => ({ token, prefix })), synonyms, first: tokens[0]!.index });
      start += span;
    }
    // Tokens the display did not account for (it always does; kept so no query word is ever lost).
    const covered = new Set(ordered.map((t) => t.index));
    [...normalized.han, ...normalized.other].forEach((token, index) => {
      if (!covered.has(index)) words.push({ tokens: [{ token, prefix: prefixOf(token, index) }], synonyms: [], first: index });
    });
    return words.sort((a, b) => a.first - b.first).map(({ tokens, synonyms }) => ({ tokens, synonyms }));
  }
}

/** A token to match, as a whole word (Latin words also by stem) or, when `prefix`, also as the start of a word. */
export interface QueryToken {
  token: string;
  prefix: boolean;
}

/** One word (or dictionary phrase) of a query, every one of which must match. */
export interface QueryWord {
  /**
   * The query's own tokens, all required; `prefix` as the adapters have always matched them (the
   * last token of [...han, ...other] and single Han characters also as prefixes).
   */
  tokens: QueryToken[];
  /**
   * The other terms of its synonym groups, each as its tokens (all required); any one of them
   * matches instead. Only single Han characters are prefixes here: a synonym is a whole word.
   */
  synonyms: QueryToken[][];
}

/** Where an adapter gets the current dictionary from. */
export interface SynonymSource {
  dictionary(): Promise<SynonymDictionary>;
}

export const NO_SYNONYMS: SynonymSource = { dictionary: async () => SynonymDictionary.EMPTY };
