import type { PreferenceCounts } from '@mkt/contracts/web';

export const BADGE_MAX = 99;

export function cartCount(counts: PreferenceCounts): number {
  return counts.videoShopping + counts.photoShopping;
}

export function collectionCount(counts: PreferenceCounts): number {
  return counts.videoBookmark + counts.photoBookmark + counts.musicBookmark + counts.musicEffectBookmark;
}

/** Badges never show more than 99 (spec section 9). */
export function badgeValue(count: number): number {
  return Math.min(Math.max(0, count), BADGE_MAX);
}
