import { i18n } from './i18n';

/**
 * Adds a page's own strings under `namespaceKey` in both languages. A page calls this when its
 * chunk loads, so strings only that page uses stay out of the main bundle (and the home route).
 */
export function addPageMessages(namespaceKey: string, zhCN: object, en: object): void {
  i18n.addResourceBundle('zh-CN', 'translation', { [namespaceKey]: zhCN }, true, false);
  i18n.addResourceBundle('en', 'translation', { [namespaceKey]: en }, true, false);
}
