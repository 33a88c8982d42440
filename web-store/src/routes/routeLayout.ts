import type { ResolvedRoute } from './routeTable';

/**
 * Layout decisions that follow from a route's flags. Pure, so the rules can be unit-tested;
 * app/RouteDocumentSettings applies them to the document.
 */

export const MOBILE_VIEWPORT = 'width=device-width, initial-scale=1';
/** iOS zooms into focused inputs unless scaling is locked, which breaks the mobile layouts. */
export const IPHONE_MOBILE_VIEWPORT = 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no';
/** A route without a mobile layout would show the desktop layout scaled down to the screen (none does now). */
export const DESKTOP_VIEWPORT = 'width=1280';

export type Theme = 'dark' | 'light';

export function isIphone(userAgent: string): boolean {
  return /iPhone/i.test(userAgent);
}

export function viewportFor(route: ResolvedRoute | null, iphone: boolean): string {
  // The 404 page (no route) is laid out for phones like every route.
  if (route && !route.mobile) return DESKTOP_VIEWPORT;
  return iphone ? IPHONE_MOBILE_VIEWPORT : MOBILE_VIEWPORT;
}

export function themeFor(route: ResolvedRoute | null): Theme {
  return route?.white ? 'light' : 'dark';
}

export function showsSideToolbar(route: ResolvedRoute | null): boolean {
  return !route?.hideSideToolbar;
}
