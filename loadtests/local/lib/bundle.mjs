// Size of the JavaScript a built single-page app makes the browser download first.

import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findInitialScripts, resolveAssetPath } from './html-entry.mjs';

/**
 * @typedef {object} AssetSize
 * @property {string} url        as written in index.html
 * @property {string} file       path relative to the dist folder
 * @property {'entry' | 'modulepreload'} kind
 * @property {number} bytes
 * @property {number} gzipBytes  gzip at level 9
 */

/**
 * @typedef {object} InitialJsReport
 * @property {string} distDir
 * @property {AssetSize[]} files
 * @property {string[]} missing   URLs named by index.html that are not in the dist folder
 * @property {number} totalBytes
 * @property {number} totalGzipBytes
 * @property {number} targetBytes
 * @property {boolean} underTarget
 */

/**
 * Reads `<distDir>/index.html`, finds its module entries and module preloads, gzips each file
 * (zlib level 9) and adds the sizes up.
 * @param {string} distDir
 * @param {{ targetBytes?: number, basePath?: string }} [options]
 * @returns {InitialJsReport}
 */
export function measureInitialJs(distDir, { targetBytes = 200 * 1024, basePath = '/' } = {}) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} not found: build the web app first`);
  const { entries, preloads } = findInitialScripts(readFileSync(indexFile, 'utf8'));
  if (entries.length === 0) throw new Error(`${indexFile} has no <script type="module" src>`);
  /** @type {AssetSize[]} */
  const files = [];
  /** @type {string[]} */
  const missing = [];
  const listed = [
    ...entries.map((url) => ({ url, kind: /** @type {const} */ ('entry') })),
    ...preloads.map((url) => ({ url, kind: /** @type {const} */ ('modulepreload') })),
  ];
  for (const { url, kind } of listed) {
    const file = resolveAssetPath(distDir, url, basePath);
    if (!file || !existsSync(file)) {
      missing.push(url);
      continue;
    }
    const content = readFileSync(file);
    files.push({
      url,
      file: relative(distDir, file),
      kind,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    });
  }
  const totalBytes = files.reduce((sum, asset) => sum + asset.bytes, 0);
  const totalGzipBytes = files.reduce((sum, asset) => sum + asset.gzipBytes, 0);
  return {
    distDir,
    files,
    missing,
    totalBytes,
    totalGzipBytes,
    targetBytes,
    underTarget: missing.length === 0 && totalGzipBytes < targetBytes,
  };
}
