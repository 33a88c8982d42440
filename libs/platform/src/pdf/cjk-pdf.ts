import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

let parsedFont: unknown = null;
/**
 * Noto Sans SC from npm, so Chinese renders on a machine without system CJK fonts. Read and parsed
 * once per process: the font is 10 MB, and parsing it for each document took more than half of
 * rendering one. pdfkit takes the parsed font as it is (it only reads it) and embeds in each file its
 * own subset of the glyphs that file uses.
 */
function cjkFont(): PDFKit.Mixins.PDFFontSource {
  if (!parsedFont) {
    const require = createRequire(import.meta.url);
    // fontkit (pdfkit's own font parser) ships no types; pdfkit needs nothing of the font but itself.
    const fontkit = require('fontkit') as { create(buffer: Uint8Array): object };
    parsedFont = fontkit.create(readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));
  }
  return parsedFont as PDFKit.Mixins.PDFFontSource;
}

/** An A4 document whose text renders Chinese and English; `draw` lays it out, the bytes come back. */
export function renderCjkPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Lumen Stock' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('cjk', cjkFont());
    doc.font('cjk');
    draw(doc);
    doc.end();
  });
}

/** Label and value pairs in two columns, each row as tall as its longer side. */
export function drawLabelledRows(doc: PDFKit.PDFDocument, rows: [string, string][], columns = { labelWidth: 190, valueX: 256, valueWidth: 283 }): void {
  for (const [name, value] of rows) {
    const y = doc.y;
    doc.text(name, 56, y, { width: columns.labelWidth });
    const nameBottom = doc.y;
    doc.text(value, columns.valueX, y, { width: columns.valueWidth });
    doc.y = Math.max(nameBottom, doc.y) + 6;
  }
}
