import { csvTable, csvTextCell } from './csv-table.js';

describe('csvTable', () => {
  it('writes a BOM, CRLF lines and quotes only cells that need it', () => {
    expect(csvTable(['a', 'b'], [['plain', 'with, comma'], ['say "hi"', 'two\nlines'], [12, 3.5]])).toBe(
      '\uFEFFa,b\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"\r\n12,3.5\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvTable(['x'], [['=HYPERLINK("http://x")'], ['+1'], ['@sum'], [-5]])).toBe('\uFEFFx\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+1\r\n\'@sum\r\n-5\r\n');
  });

  it('keeps long digit strings as text', () => {
    expect(csvTable(['card'], [[csvTextCell('6222021234567890123')]])).toBe('\uFEFFcard\r\n"=""6222021234567890123"""\r\n');
  });
});
