import { DEFAULT_LANGUAGE, type Language } from '@mkt/contracts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from '../i18n/en';
import { zh } from '../i18n/zh';

/** The console's locales are the product's languages, so the locale is also the Accept-Language. */
const messages = { 'zh-CN': zh, en } satisfies Record<Language, TranslationMessages>;

export const LOCALES = [
  { locale: 'zh-CN', name: '中文' },
  { locale: 'en', name: 'English' },
];

function toLanguage(locale: string): Language {
  return locale === 'en' ? 'en' : 'zh-CN';
}

/** Document title and <html lang> follow the console's language, on the login page too. */
function applyToDocument(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.title = messages[language].app.title;
}

/**
 * The chosen language is kept under its own key: react-admin empties its store on logout, and the
 * next person at this desk most likely reads the same language.
 */
const LOCALE_KEY = 'admin_locale';

function storedLanguage(): Language {
  try {
    return toLanguage(globalThis.localStorage?.getItem(LOCALE_KEY) ?? DEFAULT_LANGUAGE);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_KEY, language);
  } catch {
    // private mode or storage full: the choice lasts until the page is reloaded
  }
}

const initialLanguage = storedLanguage();
const polyglot = polyglotI18nProvider((locale) => messages[toLanguage(locale)], initialLanguage, LOCALES);

export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale: string, options?: unknown) => {
    await polyglot.changeLocale(locale, options);
    const language = toLanguage(locale);
    storeLanguage(language);
    applyToDocument(language);
  },
};

applyToDocument(initialLanguage);

/** The language of the console right now, sent as Accept-Language with every API call. */
export function currentLanguage(): Language {
  return toLanguage(i18nProvider.getLocale());
}
