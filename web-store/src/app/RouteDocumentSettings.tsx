import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isIphone, themeFor, viewportFor } from '../routes/routeLayout';
import { findRoute } from '../routes/routeTable';

function viewportMeta(): HTMLMetaElement {
  const existing = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'viewport';
  document.head.append(meta);
  return meta;
}

/** Applies the current route's viewport and theme, and keeps the title on the site title. */
export function RouteDocumentSettings() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();

  useLayoutEffect(() => {
    const route = findRoute(pathname);
    const content = viewportFor(route, isIphone(navigator.userAgent));
    const meta = viewportMeta();
    if (meta.content !== content) meta.content = content;
    document.documentElement.dataset.theme = themeFor(route);
  }, [pathname]);

  useLayoutEffect(() => {
    document.title = t('site.title');
    document.documentElement.lang = i18n.language;
  }, [pathname, t, i18n.language]);

  return null;
}
