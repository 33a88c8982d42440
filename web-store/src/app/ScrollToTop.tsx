import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every navigation starts at the top of the page (spec section 2), but for a link to a part of one (#part), which that part scrolls to. */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, search, hash]);
  return null;
}
