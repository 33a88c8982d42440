import { useEffect, useState } from 'react';

/** A phone-width screen (the store's one-column layouts start at 720 px); follows rotation and resizes. */
export const NARROW_SCREEN = '(max-width: 720px)';

export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && (window.matchMedia?.(NARROW_SCREEN).matches ?? false));
  useEffect(() => {
    const query = window.matchMedia?.(NARROW_SCREEN);
    if (!query) return;
    const follow = () => setNarrow(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return narrow;
}
