import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every navigation starts at the top of the page (spec section 2). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
