import type { PreferenceCounts } from '@mkt/contracts/web';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { EMPTY_PREFERENCE_COUNTS, homeCalls } from '../api/homeCalls';
import { CART_CHANGED_EVENT } from '../orders/useAddToCart';
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

/**
 * The catalogue answers the cart counts from orders' cart.changed, handled moments after the cart
 * call returns: after a cart change the counters are read at once and again after these delays.
 */
export const CART_RECOUNT_DELAYS_MS = [0, 700, 2000, 5000];

/** The header's cart and collection counters (/home/preference), read only for signed-in users. */
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

  useEffect(() => {
    if (!userId) return;
    let timers: number[] = [];
    const recount = () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      timers = CART_RECOUNT_DELAYS_MS.map((delay) => window.setTimeout(reload, delay));
    };
    window.addEventListener(CART_CHANGED_EVENT, recount);
    return () => {
      window.removeEventListener(CART_CHANGED_EVENT, recount);
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, [userId, reload]);
  const value = useMemo(() => ({ counts, reload }), [counts, reload]);
  return <PreferenceCountsContext.Provider value={value}>{children}</PreferenceCountsContext.Provider>;
}
