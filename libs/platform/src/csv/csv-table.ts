/**
 * A CSV file spreadsheet programs open right: UTF-8 with a byte-order mark (Excel reads Chinese
 * then), CRLF lines, RFC 4180 quoting. Text a spreadsheet would run as a formula (typed by
 * users: names, titles) is defused with a leading apostrophe.
 */
export function csvTable(header: readonly string[], rows: readonly (readonly (string | number | RawCsvCell)[])[]): string {
  const lines = [header.map(csvCell), ...rows.map((row) => row.map(csvCell))].map((cells) => cells.join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A cell written as it is, already in CSV form (a ="..." cell that keeps long digit strings as text). */
export interface RawCsvCell {
  raw: string;
}

/** Keeps spreadsheet programs from turning a 19-digit number (a card, an order number) into 6.22E+18. */
export const csvTextCell = (digits: string): RawCsvCell => ({ raw: `"=""${digits.replace(/"/g, '')}"""` });

function csvCell(value: string | number | RawCsvCell): string {
  if (typeof value === 'object') return value.raw;
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
