import { CatalogueCalls, type PreferenceCounts } from '@mkt/contracts/web';
import { post } from './client';

/** The header badges before the counts arrive (spec section 3 "Home preference counts"). */
export const EMPTY_PREFERENCE_COUNTS: PreferenceCounts = {
  videoBookmark: 0,
  photoBookmark: 0,
  musicBookmark: 0,
  musicEffectBookmark: 0,
  videoShopping: 0,
  photoShopping: 0,
};

export const homeCalls = {
  preference: async (): Promise<PreferenceCounts> =>
    toPreferenceCounts(await post<Partial<Record<keyof PreferenceCounts, unknown>> | null>(CatalogueCalls.homePreference)),
};

/** Missing or malformed counters count as zero rather than breaking the header. */
export function toPreferenceCounts(data: Partial<Record<keyof PreferenceCounts, unknown>> | null): PreferenceCounts {
  const counts = { ...EMPTY_PREFERENCE_COUNTS };
  for (const key of Object.keys(counts) as (keyof PreferenceCounts)[]) {
    const value = Number(data?.[key]);
    counts[key] = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  }
  return counts;
}
