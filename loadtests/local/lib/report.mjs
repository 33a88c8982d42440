// Renders benchmark results as a plain-text table for the terminal and as Markdown, and writes
// the report files. Rendering is pure; only writeReport touches the disk.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {'left' | 'right'} Align
 * @typedef {{ headers: string[], rows: string[][], align?: Align[] }} Table
 * @typedef {{ title: string, fields?: [string, string][], table?: Table, notes?: string[] }} Section
 *   `fields` are label/value pairs, `notes` remarks under the table.
 */

/**
 * A fixed-width table: columns padded to their widest cell, a rule under the header.
 * @param {string[]} headers
 * @param {string[][]} rows
 * @param {Align[]} [align] per column; numbers read best right-aligned
 * @returns {string}
 */
export function textTable(headers, rows, align = []) {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => String(row[column] ?? '').length)),
  );
  /** @param {string[]} cells */
  const line = (cells) =>
    cells
      .map((cell, column) => {
        const text = String(cell ?? '');
        return align[column] === 'right' ? text.padStart(widths[column]) : text.padEnd(widths[column]);
      })
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * A GitHub-flavoured Markdown table; `|` inside cells is escaped.
 * @param {string[]} headers
 * @param {string[][]} rows
 * @param {Align[]} [align]
 * @returns {string}
 */
export function markdownTable(headers, rows, align = []) {
  /** @param {unknown} cell */
  const escape = (cell) => String(cell ?? '').replace(/\|/g, '\\|');
  const rule = headers.map((_, column) => (align[column] === 'right' ? '---:' : '---'));
  return [headers, rule, ...rows.map((row) => headers.map((_, column) => row[column] ?? ''))]
    .map((cells) => `| ${cells.map(escape).join(' | ')} |`)
    .join('\n');
}

/**
 * @param {string} title
 * @param {Section[]} sections
 * @returns {string}
 */
export function renderText(title, sections) {
  const out = [title, '='.repeat(title.length)];
  for (const section of sections) {
    out.push('', section.title, '-'.repeat(section.title.length));
    if (section.fields?.length) {
      const width = Math.max(...section.fields.map(([label]) => label.length));
      out.push(...section.fields.map(([label, value]) => `${label.padEnd(width)}  ${value}`));
    }
    if (section.table) out.push(textTable(section.table.headers, section.table.rows, section.table.align));
    if (section.notes?.length) out.push(...section.notes.map((note) => `  * ${note}`));
  }
  return `${out.join('\n')}\n`;
}

/**
 * @param {string} title
 * @param {Section[]} sections
 * @returns {string}
 */
export function renderMarkdown(title, sections) {
  const out = [`# ${title}`];
  for (const section of sections) {
    out.push('', `## ${section.title}`, '');
    if (section.fields?.length) out.push(...section.fields.map(([label, value]) => `- **${label}**: ${value}`), '');
    if (section.table) out.push(markdownTable(section.table.headers, section.table.rows, section.table.align), '');
    if (section.notes?.length) out.push(...section.notes.map((note) => `- ${note}`), '');
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

/**
 * A timestamp usable in a file name on every system: 2026-01-31T09-05-07Z.
 * @param {Date} date
 * @returns {string}
 */
export function fileStamp(date) {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

/**
 * Writes `<dir>/<name>-<stamp>.json` (kept, one per run) and `<dir>/<name>-latest.md`
 * (replaced on every run).
 * @param {{ dir: string, name: string, date: Date, data: unknown, markdown: string }} report
 * @returns {{ jsonPath: string, markdownPath: string }}
 */
export function writeReport({ dir, name, date, data, markdown }) {
  mkdirSync(dir, { recursive: true });
  const jsonPath = join(dir, `${name}-${fileStamp(date)}.json`);
  const markdownPath = join(dir, `${name}-latest.md`);
  writeFileSync(jsonPath, `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(markdownPath, markdown);
  return { jsonPath, markdownPath };
}
