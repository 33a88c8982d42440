/**
 * The part journal of an upload written in place: one line per event, appended and flushed.
 *
 *   `<part number> <etag> <size>\n`  the part's bytes are in place in the data file;
 *   `<part number> - 0\n`            the part is withdrawn (a new version is about to overwrite it).
 *
 * The last line about a part number wins. Only whole lines count: a line cut short by a crash is
 * ignored, and the next writer ends it first (`needsTerminator`) so it cannot swallow a record.
 * One appended, flushed line per part replaces a slot file per part, whose creation and removal
 * each needed the folder flushed (a third of a part's time on disk under a 10-way upload).
 */

export interface JournalPart {
  etag: string;
  size: number;
}

const RECORD = /^(\d{1,5}) ([0-9a-f]{32}|-) (\d{1,12})$/;

export function partRecord(partNumber: number, etag: string, size: number): string {
  return `${partNumber} ${etag} ${size}\n`;
}

export function withdrawalRecord(partNumber: number): string {
  return `${partNumber} - 0\n`;
}

/** Applies the journal's whole lines, in order, to `parts` (which may hold older state). */
export function applyJournal(text: string, parts: Map<number, JournalPart> = new Map()): Map<number, JournalPart> {
  const end = text.lastIndexOf('\n');
  if (end < 0) return parts;
  for (const line of text.slice(0, end).split('\n')) {
    const record = RECORD.exec(line);
    if (!record) continue;
    const partNumber = Number(record[1]);
    if (record[2] === '-') parts.delete(partNumber);
    else parts.set(partNumber, { etag: record[2]!, size: Number(record[3]) });
  }
  return parts;
}

/** A journal that does not end with a line break ends with a torn line. */
export function needsTerminator(text: string): boolean {
  return text.length > 0 && !text.endsWith('\n');
}
