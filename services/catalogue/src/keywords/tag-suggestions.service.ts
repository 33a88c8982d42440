import { Injectable } from '@nestjs/common';
import type { TagSuggestionsResponse } from '@mkt/contracts';
import { SearchSynonymStore } from '../search/synonym-store.js';
import { cleanTags, hasHan, segment } from '../text/text-helpers.js';
import { rankTags, sharesOf, type TagEvidence } from './tag-ranking.js';
import { TagStatisticsRepository, type TagLanguage } from './tag-statistics.repository.js';

export interface TagSuggestionsInput {
  kind: 'video' | 'photo';
  keywordsZh: string[];
  keywordsEn: string[];
  categoryId: number | null;
  similarIds: number[];
  excludeId: number | null;
}

const other = (language: TagLanguage): TagLanguage => (language === 'zh' ? 'en' : 'zh');

/**
 * Keyword help for a contributor describing a material: for each language, tags found with the
 * entered ones (in the same language), the other language's tags of the materials carrying the
 * entered ones and the synonym dictionary's terms in this language (translations), the tags of
 * the published materials that look like it, and its category's common tags; ranked by
 * rankTags. Everything is read from published materials, cleaned as stored tags are.
 */
@Injectable()
export class TagSuggestionsService {
  constructor(
    private readonly statistics: TagStatisticsRepository,
    private readonly synonyms: SearchSynonymStore,
  ) {}

  async suggest(input: TagSuggestionsInput): Promise<TagSuggestionsResponse> {
    const entered: Record<TagLanguage, string[]> = { zh: cleanTags(input.keywordsZh), en: cleanTags(input.keywordsEn) };
    const [zh, en] = await Promise.all((['zh', 'en'] as const).map((language) => this.forLanguage(language, entered, input)));
    return { zh: zh!, en: en! };
  }

  private async forLanguage(language: TagLanguage, entered: Record<TagLanguage, string[]>, input: TagSuggestionsInput) {
    const { kind, excludeId } = input;
    const [related, translated, similar, category, dictionary] = await Promise.all([
      this.statistics.withAnyOf(kind, language, entered[language], language, excludeId),
      this.statistics.withAnyOf(kind, other(language), entered[other(language)], language, excludeId),
      this.statistics.ofMaterials(kind, input.similarIds, language, excludeId),
      input.categoryId === null ? null : this.statistics.inCategory(kind, input.categoryId, language, excludeId),
      this.dictionaryTranslations(entered[other(language)], language),
    ]);
    const evidence: TagEvidence[] = [
      ...dictionary,
      ...sharesOf(related.counts, related.sampled, 'related'),
      // The other language's tags of the materials carrying the entered ones: what they are called in this language.
      ...sharesOf(translated.counts, translated.sampled, 'related'),
      ...sharesOf(similar.counts, similar.sampled, 'similar'),
      ...(category ? sharesOf(category.counts, category.sampled, 'category') : []),
    ];
    return rankTags(
      evidence.map((item) => ({ ...item, tag: cleanTags([item.tag])[0] ?? '' })).filter((item) => item.tag !== '' && hasHan(item.tag) === (language === 'zh')),
      entered[language],
    );
  }

  /** The synonym dictionary's terms in `language` for tags of the other language. */
  private async dictionaryTranslations(tags: readonly string[], language: TagLanguage): Promise<TagEvidence[]> {
    if (tags.length === 0) return [];
    const dictionary = await this.synonyms.dictionary();
    const found: TagEvidence[] = [];
    for (const tag of tags) {
      for (const tokens of dictionary.synonymsOf(segment(tag, 'query'))) {
        const term = tokens.every((token) => hasHan(token)) ? tokens.join('') : tokens.join(' ');
        if (hasHan(term) === (language === 'zh')) found.push({ tag: term, reason: 'translation', share: 1 });
      }
    }
    return found;
  }
}
