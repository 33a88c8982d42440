import { fenToYuanText, formatFen, parseYuan } from './money.js';

describe('formatFen', () => {
  it('turns integer fen into yuan with two decimals', () => {
    expect(formatFen(15_000)).toBe('¥150.00');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(1)).toBe('¥0.01');
    expect(formatFen(99)).toBe('¥0.99');
    expect(formatFen(150_050)).toBe('¥1,500.50');
  });

  it('groups thousands only when the amount really is that many yuan', () => {
    expect(formatFen(99_999)).toBe('¥999.99');
    expect(formatFen(100_000)).toBe('¥1,000.00');
    expect(formatFen(15_000_000)).toBe('¥150,000.00');
    expect(formatFen(123_456_789_01)).toBe('¥123,456,789.01');
  });

  it('keeps the sign of refunds and reversals', () => {
    expect(formatFen(-8_000)).toBe('-¥80.00');
    expect(formatFen(-0)).toBe('¥0.00');
  });

  it('rounds a stray fraction of a fen instead of printing float noise', () => {
    expect(formatFen(1_999.6)).toBe('¥20.00');
    expect(formatFen(0.1 + 0.2)).toBe('¥0.00');
  });

  it('shows a dash when there is no amount yet', () => {
    expect(formatFen(null)).toBe('—');
    expect(formatFen(undefined)).toBe('—');
    expect(formatFen(Number.NaN)).toBe('—');
  });

  it('prints the same string whatever the page language', () => {
    // No locale input at all: the store (zh-CN or en) and the console print identical text.
    const original = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = () => 'locale-dependent';
    try {
      expect(formatFen(15_000_000)).toBe('¥150,000.00');
    } finally {
      Number.prototype.toLocaleString = original;
    }
  });
});

describe('price fields in yuan', () => {
  it('shows fen as the plain decimal staff edit', () => {
    expect(fenToYuanText(150_050)).toBe('1500.50');
    expect(fenToYuanText(15_000_000)).toBe('150000.00');
    expect(fenToYuanText(5)).toBe('0.05');
  });

  it('parses typed yuan into integer fen without float drift', () => {
    expect(parseYuan('1200.5')).toBe(120_050);
    expect(parseYuan('0.1')).toBe(10);
    expect(parseYuan('19.99')).toBe(1_999);
    expect(parseYuan(' 300 ')).toBe(30_000);
    expect(parseYuan('1.005')).toBeNull();
    expect(parseYuan('-1')).toBeNull();
    expect(parseYuan('1,000')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
  });

  it('reads back what it shows', () => {
    for (const fen of [0, 1, 99, 100, 150_050, 15_000_000]) expect(parseYuan(fenToYuanText(fen))).toBe(fen);
  });
});
