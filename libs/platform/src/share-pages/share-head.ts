import { formatMessage, LANGUAGE_LINK_PARAM, linkValueOfLanguage, type Language } from '@mkt/contracts';

/**
 * What a service knows of one shared page: its own words, in the reader's language. The rest of
 * the head (site name, locales, absolute addresses) is the same for every page and added here.
 */
export interface SharePage {
  title: string;
  description: string;
  /** The page's path and query as the store routes it (`/Detail?id=5`), without the language. */
  path: string;
  type: 'website' | 'video.other' | 'music.song';
  /** A path of this site (a public rendition) or an absolute http(s) address; its size when known. */
  image?: { src: string; width?: number; height?: number } | null;
}

/** Every value of the head tags, resolved and absolute; the renderer only escapes and places them. */
export interface ShareHead {
  language: Language;
  /** The document's <title>. */
  title: string;
  ogTitle: string;
  description: string;
  url: string;
  type: SharePage['type'];
  siteName: string;
  image: { url: string; width?: number; height?: number; alt: string } | null;
}

const TITLE_MAX = 120;
const DESCRIPTION_MAX = 200;
/** Characters no page should carry: controls (C0, DEL, C1) other than tab and line breaks. */
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;
/** Halves of a surrogate pair without the other half: no encoder can write them. */
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * One line of at most `max` characters (code points, so a cut never splits an emoji): controls
 * dropped, unpaired surrogates replaced, runs of white space as one space.
 */
export function plainLine(value: string, max: number): string {
  const line = value.replace(LONE_SURROGATES, '\uFFFD').replace(CONTROLS, '').replace(/\s+/gu, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * The head of a shared page for a reader, or the store's own (its name and description, the home
 * page's address) when there is no page to show: an unknown, unpublished or invalid link looks
 * exactly like the store, so it tells nothing about what is behind it.
 */
export function shareHead(page: SharePage | null, context: { language: Language; origin: string }): ShareHead {
  const { language, origin } = context;
  const siteName = formatMessage(language, 'shareSiteName');
  const title = page ? plainLine(page.title, TITLE_MAX) : '';
  const description = page ? plainLine(page.description, DESCRIPTION_MAX) : '';
  const imageUrl = page?.image ? absoluteUrl(page.image.src, origin) : null;
  return {
    language,
    title: title ? `${title} | ${siteName}` : siteName,
    ogTitle: title || siteName,
    description: description || formatMessage(language, 'shareStoreDescription'),
    url: withLanguage(`${origin}${page ? page.path : '/'}`, language),
    type: page?.type ?? 'website',
    siteName,
    image: imageUrl ? { url: imageUrl, width: page?.image?.width, height: page?.image?.height, alt: title || siteName } : null,
  };
}

function withLanguage(url: string, language: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_LINK_PARAM}=${linkValueOfLanguage(language)}`;
}

/** A site path below the origin, or an http(s) address as it is; anything else is no image. */
function absoluteUrl(src: string, origin: string): string | null {
  if (src.startsWith('/') && !src.startsWith('//')) return `${origin}${src}`;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
