import type { Language } from '@mkt/contracts';
import type { ShareHead } from './share-head.js';

const OG_LOCALES: Record<Language, string> = { 'zh-CN': 'zh_CN', en: 'en_US' };

/** Tags of the shell that the shared page's own replace: its title, description and any earlier card. */
const SHELL_TITLE = /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi;
const SHELL_CARD = /<meta\b[^>]*\b(?:name|property)\s*=\s*["']?(?:description|og:[^"'\s>]*|twitter:[^"'\s>]*)["']?[^>]*>\s*/gi;
const LANG_ATTRIBUTE = /\slang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/i;
/** Where the tags go while the shell's own are taken out; NUL never occurs in a served page. */
const PLACE = '\u0000share-head\u0000';

/**
 * The shell with the page's head tags: <title>, the description, the Open Graph and Twitter card
 * tags, and <html lang>. Every value is escaped; the shell's own title and description are
 * replaced, not repeated. The tags go where the shell's title was (before its scripts, early in
 * the file, where crawlers that read only the start find them), else at the end of its head.
 */
export function renderShareHead(shell: string, head: ShareHead): string {
  const headEnd = shell.search(/<\/head\s*>/i);
  if (headEnd === -1) {
    const open = /<html\b[^>]*>/i.exec(shell);
    const at = open ? open.index + open[0].length : 0;
    return renderShareHead(`${shell.slice(0, at)}<head></head>${shell.slice(at)}`, head);
  }
  let placed = false;
  const start = shell
    .slice(0, headEnd)
    .replace(SHELL_TITLE, () => {
      if (placed) return '';
      placed = true;
      return PLACE;
    })
    .replace(SHELL_CARD, '');
  // Replaced through functions: a `$&` in a title is text, not a replacement pattern.
  const tags = headTags(head);
  const document = placed ? start.replace(PLACE, () => tags) : `${start}${tags}\n`;
  return withHtmlLang(`${document}${shell.slice(headEnd)}`, head.language);
}

function headTags(head: ShareHead): string {
  const other: Language = head.language === 'en' ? 'zh-CN' : 'en';
  const meta = (key: 'name' | 'property', name: string, content: string | number) => `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.ogTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:locale', OG_LOCALES[head.language]),
    meta('property', 'og:locale:alternate', OG_LOCALES[other]),
  ];
  if (head.image) {
    lines.push(meta('property', 'og:image', head.image.url));
    if (head.image.width && head.image.height) lines.push(meta('property', 'og:image:width', head.image.width), meta('property', 'og:image:height', head.image.height));
    lines.push(meta('property', 'og:image:alt', head.image.alt));
  }
  lines.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'), meta('name', 'twitter:title', head.ogTitle), meta('name', 'twitter:description', head.description));
  if (head.image) lines.push(meta('name', 'twitter:image', head.image.url));
  return lines.map((line) => `    ${line}`).join('\n').trimStart();
}

/** <html lang> in the page's language, replacing the shell's (the store sets it again once it runs). */
function withHtmlLang(document: string, language: Language): string {
  const open = /<html\b[^>]*>/i.exec(document);
  if (!open) return `<html lang="${language}">${document}</html>`;
  const tag = open[0];
  const lang = ` lang="${language}"`;
  const replaced = LANG_ATTRIBUTE.test(tag) ? tag.replace(LANG_ATTRIBUTE, lang) : tag.replace(/^<html\b/i, `<html${lang}`);
  return `${document.slice(0, open.index)}${replaced}${document.slice(open.index + tag.length)}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for an element or a double-quoted attribute. Characters HTML cannot carry (NUL and other
 * controls, unpaired surrogates) are dropped, whatever the caller cleaned before.
 */
export function escapeHtml(text: string): string {
  return text.replace(/(?![\t\n\r])\p{Cc}|\p{Cs}/gu, '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}
