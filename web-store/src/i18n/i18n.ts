import type { Language } from '@mkt/contracts/web';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, parseLanguage, rememberLanguage } from './language';
import { en } from './resources/en';
import { zhCN } from './resources/zh-CN';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: initialLanguage(window.location.search),
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en'],
  // Resources are bundled, so initialise synchronously and render the first frame translated.
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** The language every API call announces, so server messages come back in the same language. */
export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? 'zh-CN';
}

export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}

function applyToDocument(): void {
  const language = currentLanguage();
  document.documentElement.lang = language;
  document.title = i18n.t('site.title');
}

i18n.on('languageChanged', applyToDocument);
applyToDocument();
