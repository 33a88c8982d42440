import type { PreferenceCounts } from '@mkt/contracts/web';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { EMPTY_PREFERENCE_COUNTS, homeCalls } from '../api/homeCalls';
import { useSession } from './SessionProvider';

interface PreferenceCountsValue {
  counts: PreferenceCounts;
  /** Re-reads the counters, e.g. after a favourite or a cart change. */
  reload(): void;
}

const PreferenceCountsContext = createContext<PreferenceCountsValue>({
  counts: EMPTY_PREFERENCE_COUNTS,
  reload: () => undefined,
});

export function usePreferenceCounts(): PreferenceCountsValue {
  return useContext(PreferenceCountsContext);
}

/** The header's cart and collection counters, read only for signed-in users. */
export function PreferenceCountsProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const [counts, setCounts] = useState(EMPTY_PREFERENCE_COUNTS);
  const [generation, setGeneration] = useState(0);
  const userId = status === 'signedIn' ? (user?.id ?? null) : null;

  useEffect(() => {
    if (!userId) {
      setCounts(EMPTY_PREFERENCE_COUNTS);
      return;
    }
    let current = true;
    homeCalls
      .preference()
      .then((next) => current && setCounts(next))
      // Counters are decoration: any failure shows zeros without bothering the user.
      .catch(() => current && setCounts(EMPTY_PREFERENCE_COUNTS));
    return () => {
      current = false;
    };
  }, [userId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const value = useMemo(() => ({ counts, reload }), [counts, reload]);
  return <PreferenceCountsContext.Provider value={value}>{children}</PreferenceCountsContext.Provider>;
}
