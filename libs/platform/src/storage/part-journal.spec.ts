import { applyJournal, flushedPartRecord, needsTerminator, partRecord, withdrawalRecord } from './part-journal.js';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

describe('part journal', () => {
  it('keeps the last line about each part; a withdrawal removes it', () => {
    const text = partRecord(1, A, 10) + partRecord(2, A, 10) + withdrawalRecord(1) + partRecord(2, B, 7) + flushedPartRecord(3, A, 4);
    expect([...applyJournal(text)]).toEqual([
      [2, { etag: B, size: 7, toCheck: true }],
      [3, { etag: A, size: 4 }],
    ]);
    expect(partRecord(2, B, 7)).toBe(`2 ${B} 7 c\n`);
    expect(flushedPartRecord(3, A, 4)).toBe(`3 ${A} 4\n`);
  });

  it('ignores a line cut short and lines that are not records, and applies over what it is given', () => {
    const torn = flushedPartRecord(1, A, 10) + `2 ${B}`;
    expect([...applyJournal(torn)]).toEqual([[1, { etag: A, size: 10 }]]);
    expect(needsTerminator(torn)).toBe(true);
    expect(needsTerminator(partRecord(1, A, 10))).toBe(false);
    expect(needsTerminator('')).toBe(false);
    // A torn line ended by the next writer is a line of its own, not part of the next record.
    const mended = `${torn}\n${flushedPartRecord(3, B, 5)}x y z\n1 nothex 3\n4 ${A} 5 x\n`;
    expect([...applyJournal(mended, new Map([[9, { etag: B, size: 1 }]]))]).toEqual([
      [9, { etag: B, size: 1 }],
      [1, { etag: A, size: 10 }],
      [3, { etag: B, size: 5 }],
    ]);
  });
});
