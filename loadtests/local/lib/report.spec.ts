import { fileStamp, markdownTable, renderMarkdown, renderText, textTable } from './report.mjs';

describe('textTable', () => {
  it('pads columns to their widest cell and right-aligns where asked', () => {
    expect(textTable(['name', 'req/s'], [['server', '1,234'], ['bare', '98,765']], ['left', 'right'])).toBe(
      ['name     req/s', '------  ------', 'server   1,234', 'bare    98,765'].join('\n'),
    );
  });
});

describe('markdownTable', () => {
  it('marks right-aligned columns and escapes pipes in cells', () => {
    expect(markdownTable(['a', 'b'], [['x|y', '2']], ['left', 'right'])).toBe(
      ['| a | b |', '| --- | ---: |', '| x\\|y | 2 |'].join('\n'),
    );
  });
});

describe('renderText and renderMarkdown', () => {
  const sections = [
    { title: 'Run', fields: [['node', 'v20'], ['commit', 'abc']] as [string, string][] },
    { title: 'Sizes', table: { headers: ['file', 'gzip'], rows: [['a.js', '1 KB']] }, notes: ['under target'] },
  ];

  it('renders aligned fields, tables and notes as text', () => {
    const text = renderText('Benchmark', sections);
    expect(text).toContain('node    v20\ncommit  abc');
    expect(text).toContain('file  gzip\n----  ----\na.js  1 KB');
    expect(text).toContain('  * under target');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('renders headings, field lists, tables and notes as Markdown', () => {
    const markdown = renderMarkdown('Benchmark', sections);
    expect(markdown).toContain('# Benchmark\n\n## Run\n\n- **node**: v20\n- **commit**: abc');
    expect(markdown).toContain('| file | gzip |\n| --- | --- |\n| a.js | 1 KB |\n\n- under target');
    expect(markdown).not.toMatch(/\n{3,}/);
  });
});

describe('fileStamp', () => {
  it('is an ISO timestamp without milliseconds or colons', () => {
    expect(fileStamp(new Date('2026-01-31T09:05:07.123Z'))).toBe('2026-01-31T09-05-07Z');
  });
});
