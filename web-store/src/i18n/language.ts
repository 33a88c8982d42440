import { DEFAULT_LANGUAGE, type Language } from '@mkt/contracts/web';

/** The chosen UI language, remembered across visits under this localStorage key. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export function parseLanguage(value: string | null | undefined): Language | null {
  if (value === 'zh-CN' || value === 'en') return value;
  return null;
}

export function storedLanguage(): Language {
  try {
    return parseLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}

export function otherLanguage(language: Language): Language {
  return language === 'en' ? 'zh-CN' : 'en';
}
