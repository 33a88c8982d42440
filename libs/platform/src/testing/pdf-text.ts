import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text of a PDF as poppler's `pdftotext -layout` reads it, so tests check what a reader sees (Chinese included). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(join(dir, 'file.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'file.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
