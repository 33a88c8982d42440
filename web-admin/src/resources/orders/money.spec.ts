import { fenToYuan, yuanToFen } from './money';

describe('console money input', () => {
  it('turns yuan text into integer fen without float drift', () => {
    expect(yuanToFen('1200.5')).toBe(120_050);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('19.99')).toBe(1_999);
    expect(yuanToFen(' 300 ')).toBe(30_000);
    expect(yuanToFen('1.005')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });

  it('shows fen as yuan with two decimals', () => {
    expect(fenToYuan(150_050)).toBe('1500.50');
    expect(fenToYuan(null)).toBe('—');
  });
});
