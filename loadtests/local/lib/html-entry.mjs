// Finds the JavaScript a browser loads first from a built index.html: the module entry
// scripts and the modules they preload. Pure functions: the caller reads the files.

import { isAbsolute, relative, resolve } from 'node:path';

/**
 * The attributes of one start tag, names lower-cased; a value-less attribute maps to ''.
 * @param {string} attributeText the text between the tag name and `>`
 * @returns {Record<string, string>}
 */
export function parseAttributes(attributeText) {
  /** @type {Record<string, string>} */
  const attributes = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of attributeText.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (name in attributes) continue; // HTML keeps the first occurrence
    attributes[name] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/**
 * Every start tag of one element name, as attribute maps, in document order. Comments are
 * skipped, so a commented-out script does not count.
 * @param {string} html
 * @param {string} tagName
 * @returns {Record<string, string>[]}
 */
export function findTags(html, tagName) {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const pattern = new RegExp(`<${tagName}(?=[\\s>/])([^>]*)>`, 'gi');
  return [...withoutComments.matchAll(pattern)].map((match) => parseAttributes(match[1]));
}

/**
 * @typedef {object} InitialScripts
 * @property {string[]} entries   `src` of each `<script type="module" src>`
 * @property {string[]} preloads  `href` of each `<link rel="modulepreload" href>`
 */

/**
 * The initial JavaScript of a page: module entry scripts and module preloads, each listed
 * once, in document order. Inline scripts and `nomodule` fallbacks are not counted.
 * @param {string} html
 * @returns {InitialScripts}
 */
export function findInitialScripts(html) {
  const entries = findTags(html, 'script')
    .filter((attributes) => (attributes.type ?? '').trim().toLowerCase() === 'module' && attributes.src)
    .map((attributes) => attributes.src);
  const preloads = findTags(html, 'link')
    .filter((attributes) => (attributes.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && attributes.href)
    .map((attributes) => attributes.href);
  return { entries: unique(entries), preloads: unique(preloads.filter((href) => !entries.includes(href))) };
}

/**
 * The file inside `distDir` that a URL from index.html points at, or null for a URL on another
 * origin, a data: URL, or a path that would leave `distDir`. `basePath` is the site's base
 * (Vite's `base`, "/" by default) and is stripped from absolute paths.
 * @param {string} distDir
 * @param {string} url
 * @param {string} [basePath]
 * @returns {string | null}
 */
export function resolveAssetPath(distDir, url, basePath = '/') {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  let path = url.split(/[?#]/)[0];
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  if (path.startsWith(base)) path = path.slice(base.length);
  else if (path.startsWith('/')) path = path.slice(1);
  else if (path.startsWith('./')) path = path.slice(2);
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const root = resolve(distDir);
  const file = resolve(root, decoded);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return file;
}

/**
 * @param {string[]} values
 * @returns {string[]}
 */
function unique(values) {
  return [...new Set(values)];
}
