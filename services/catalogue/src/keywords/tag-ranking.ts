import { TAG_SUGGESTIONS_MAX, type TagSuggestion, type TagSuggestionReason } from '@mkt/contracts';

/**
 * What each source of a suggestion is worth. A dictionary translation of an entered tag is
 * nearly certain; tags of materials that look like this one, and tags found with the entered
 * ones, say what this subject is usually called; the category's common tags are the weakest
 * (true of the category, not necessarily of this material).
 */
export const REASON_WEIGHTS: Readonly<Record<TagSuggestionReason, number>> = { translation: 1, similar: 0.8, related: 0.7, category: 0.35 };

/** One source's evidence: a tag's share of the materials read for it (0..1), or 1 for a translation. */
export interface TagEvidence {
  tag: string;
  reason: TagSuggestionReason;
  share: number;
}

/**
 * Pure: the suggestions of one language, best first. A tag's score is the sum over its sources
 * of weight x share, so a tag several sources agree on rises; it is shown with its strongest
 * source as the reason. Tags already entered (ignoring case) are left out, and a tag seen only
 * once in a large sample is noise, not a suggestion (`minShare`).
 */
export function rankTags(evidence: readonly TagEvidence[], entered: readonly string[], minShare = 0.02): TagSuggestion[] {
  const taken = new Set(entered.map((tag) => tag.toLowerCase()));
  const byTag = new Map<string, { tag: string; score: number; best: TagSuggestionReason; bestScore: number }>();
  for (const { tag, reason, share } of evidence) {
    const key = tag.toLowerCase();
    if (taken.has(key) || share < minShare) continue;
    const score = REASON_WEIGHTS[reason] * Math.min(1, share);
    const current = byTag.get(key);
    if (!current) byTag.set(key, { tag, score, best: reason, bestScore: score });
    else {
      current.score += score;
      if (score > current.bestScore) Object.assign(current, { best: reason, bestScore: score });
    }
  }
  return [...byTag.values()]
    .sort((a, b) => b.score - a.score || a.tag.localeCompare(b.tag))
    .slice(0, TAG_SUGGESTIONS_MAX)
    .map(({ tag, best }) => ({ tag, reason: best }));
}

/** Pure: counts over a sample as evidence (each tag's share of the sample). */
export function sharesOf(counts: ReadonlyMap<string, number>, sampled: number, reason: TagSuggestionReason): TagEvidence[] {
  if (sampled <= 0) return [];
  return [...counts].map(([tag, n]) => ({ tag, reason, share: n / sampled }));
}
