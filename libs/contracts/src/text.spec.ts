import { licenceFormSchema } from './orders/schemas.js';
import { lineText, normaliseLine, normaliseText } from './text.js';
import { uploadTokenRequestSchema } from './uploads/schemas.js';

describe('text at the edge', () => {
  it('composes text (NFC), so one name is stored one way whatever keyboard typed it', () => {
    expect(normaliseText('Cafe\u0301')).toBe('Café');
    expect(normaliseText('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('drops control characters and bidirectional controls, keeping tabs and line breaks in longer text', () => {
    expect(normaliseText('a\u0007b\u001bc\u007fd\u0085e')).toBe('abcde');
    expect(normaliseText('Acme \u202eLtd\u202c \u2066x\u2069\u200f')).toBe('Acme Ltd x');
    expect(normaliseText('line one\nline two\tend')).toBe('line one\nline two\tend');
    expect(normaliseText('海边日出 🌅')).toBe('海边日出 🌅');
  });

  it('makes a one-line field one line, trimmed', () => {
    expect(normaliseLine('  Lumen\r\n\tStock  ')).toBe('Lumen Stock');
    expect(lineText(1, 10).safeParse(' \u202e\u0000 ').success).toBe(false);
    expect(lineText(1, 5).parse('ab\u202ecd')).toBe('abcd');
  });

  it('prints on the licence the licensee as it is stored: no override can reverse it', () => {
    const form = licenceFormSchema.parse({
      licenceType: 'commercial',
      buyerCompany: 'Acme\u202e gnidaeR\u202c',
      projectType: 'advertising',
      projectName: 'Spring\u0007 campaign',
      userCompany: 'Use\u0301r Co',
      purpose: 'web\nfilm',
      region: 'mainland',
      duration: 'permanent',
      contact: '\u2067张三\u2069',
    });
    expect([form.buyerCompany, form.projectName, form.userCompany, form.purpose, form.contact]).toEqual(['Acme gnidaeR', 'Spring campaign', 'Usér Co', 'web film', '张三']);
  });

  it('cleans upload file names the same way and still refuses folders in them', () => {
    expect(uploadTokenRequestSchema.parse({ fileName: 'clip\u202e4pm.exe', fileSize: 10 }).fileName).toBe('clip4pm.exe');
    expect(uploadTokenRequestSchema.safeParse({ fileName: '../clip.mp4', fileSize: 10 }).success).toBe(false);
  });
});
