/**
 * The part journal of an upload written in place: one line per event, appended and flushed.
 *
 *   `<part number> <etag> <size> c\n` the part's bytes were written to the data file and flushed
 *                                     at the same time as this line: after a crash the line may
 *                                     be on disk without them, so it counts once the bytes read
 *                                     back match the etag (`toCheck`);
 *   `<part number> <etag> <size>\n`   the part's bytes were on disk before this line was written
 *                                     (how earlier versions recorded every part);
 *   `<part number> - 0\n`             the part is withdrawn (a new version is about to overwrite it).
 *
 * The last line about a part number wins. Only whole lines count: a line cut short by a crash is
 * ignored, and the next writer ends it first (`needsTerminator`) so it cannot swallow a record.
 * One appended, flushed line per part replaces a slot file per part, whose creation and removal
 * each needed the folder flushed (a third of a part's time on disk under a 10-way upload).
 */

export interface JournalPart {
  etag: string;
  size: number;
  /** Written beside its bytes, not after them: to be checked against the data once read back from disk. */
  toCheck?: true;
}

const RECORD = /^(\d{1,5}) ([0-9a-f]{32}|-) (\d{1,12})( c)?$/;

/** The line of a part whose bytes are flushed together with it (see `toCheck`). */
export function partRecord(partNumber: number, etag: string, size: number): string {
  return `${partNumber} ${etag} ${size} c\n`;
}

/** The line of a part whose bytes are already on disk. */
export function flushedPartRecord(partNumber: number, etag: string, size: number): string {
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
    else parts.set(partNumber, { etag: record[2]!, size: Number(record[3]), ...(record[4] ? { toCheck: true as const } : {}) });
  }
  return parts;
}

/** A journal that does not end with a line break ends with a torn line. */
export function needsTerminator(text: string): boolean {
  return text.length > 0 && !text.endsWith('\n');
}
