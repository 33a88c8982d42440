import { DEFAULT_LANGUAGE, LANGUAGE_LINK_PARAM, languageFromLink, linkValueOfLanguage, type Language } from '@mkt/contracts/web';

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

/** The language a link names (`?lang=zh|en`), the one its sharer read it in; null when it names none. */
export function linkLanguage(search: string): Language | null {
  return languageFromLink(new URLSearchParams(search).get(LANGUAGE_LINK_PARAM));
}

/**
 * The language the store opens in: the link's, so a link shared in English opens in English (and
 * the chat app's preview of it was English too), else the reader's own last choice. The link's is
 * not remembered: it was the sharer's choice; the toggle is the reader's.
 */
export function initialLanguage(search: string): Language {
  return linkLanguage(search) ?? storedLanguage();
}

/** A link to share, naming the language it was read in, so it previews and opens in it (ADR 0029). */
export function withLinkLanguage(url: string, language: Language): string {
  const link = new URL(url);
  link.searchParams.set(LANGUAGE_LINK_PARAM, linkValueOfLanguage(language));
  return link.href;
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
