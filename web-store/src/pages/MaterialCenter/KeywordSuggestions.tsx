import type { ContributedMaterial, TagSuggestion, TagSuggestionsResponse } from '@mkt/contracts/web';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueCalls } from '../../api/catalogueCalls';
import styles from './DetailsForm.module.css';

/** Waited after the last keystroke before asking again. */
const SETTLE_MS = 400;

/**
 * The published materials that look like this one: the answer of a search with its thumbnail
 * (the picture is kept for its searcher only and deleted within a day, like any searched
 * picture). Asked once per material; none when it has no thumbnail yet or the search fails.
 */
function useLookAlikes(material: Pick<ContributedMaterial, 'id' | 'kind' | 'thumbnail'>): number[] {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    if (!material.thumbnail) return;
    const controller = new AbortController();
    void (async () => {
      const response = await fetch(material.thumbnail!, { signal: controller.signal });
      if (!response.ok) return;
      const picture = new File([await response.blob()], `thumbnail-${material.id}.jpg`, { type: response.headers.get('content-type') ?? 'image/jpeg' });
      const answer = await catalogueCalls.searchByImage(picture, { signal: controller.signal });
      setIds([...answer.sources, ...answer.similar].filter((card) => card.kind === material.kind).map((card) => card.id).slice(0, 24));
    })().catch(() => undefined);
    return () => controller.abort();
  }, [material.id, material.kind, material.thumbnail]);
  return ids;
}

/** Suggested tags for the keywords entered so far, the category and the look-alikes; null until the first answer. */
export function useTagSuggestions(material: Pick<ContributedMaterial, 'id' | 'kind' | 'thumbnail'>, keywordsZh: string[], keywordsEn: string[], categoryId: number | null): TagSuggestionsResponse | null {
  const similarIds = useLookAlikes(material);
  const [answer, setAnswer] = useState<TagSuggestionsResponse | null>(null);
  const zh = keywordsZh.join('\n');
  const en = keywordsEn.join('\n');
  const similar = similarIds.join(',');
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      catalogueCalls
        .tagSuggestions(
          { kind: material.kind, keywordsZh: zh ? zh.split('\n') : [], keywordsEn: en ? en.split('\n') : [], categoryId, similarIds: similar ? similar.split(',').map(Number) : [] },
          { signal: controller.signal },
        )
        .then(setAnswer)
        .catch(() => undefined);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [material.kind, zh, en, categoryId, similar]);
  return answer;
}

/** The suggestions of one language as chips: a tap adds the tag at the end (the contributor's order is kept), × hides it. */
export function KeywordSuggestions({ items, entered, onAdd, testId }: { items: TagSuggestion[] | undefined; entered: string[]; onAdd: (tag: string) => void; testId: string }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  // What was just added leaves at once, before the next answer arrives.
  const taken = new Set(entered.map((tag) => tag.toLowerCase()));
  const shown = (items ?? []).filter((item) => !hidden.has(item.tag) && !taken.has(item.tag.toLowerCase())).slice(0, 12);
  if (shown.length === 0) return null;
  return (
    <div className={styles.suggestions} data-testid={testId}>
      <span className={styles.hint}>{t('details.suggested')}</span>
      {shown.map((item) => (
        <span key={item.tag} className={styles.suggestion} data-reason={item.reason}>
          <button type="button" className={styles.suggestionAdd} onClick={() => onAdd(item.tag)} title={t(`details.suggestReasons.${item.reason}`)} aria-label={t('details.suggestAdd', { tag: item.tag })} data-testid={`${testId}-add`}>
            + {item.tag}
          </button>
          <button type="button" className={styles.suggestionHide} onClick={() => setHidden((current) => new Set(current).add(item.tag))} aria-label={t('details.suggestDismiss', { tag: item.tag })}>
            ×
          </button>
        </span>
      ))}
    </div>
  );
}
