import { withholdingTaxFen } from './withholding-tax.js';

describe('tax withheld from a statement', () => {
  it('follows the remuneration-for-services brackets', () => {
    expect(withholdingTaxFen(50_000, 'labour-remuneration')).toBe(0); // ¥500
    expect(withholdingTaxFen(80_000, 'labour-remuneration')).toBe(0); // ¥800
    expect(withholdingTaxFen(300_000, 'labour-remuneration')).toBe(44_000); // (3000 − 800) × 20% = ¥440
    expect(withholdingTaxFen(400_000, 'labour-remuneration')).toBe(64_000); // (4000 − 800) × 20% = ¥640
    expect(withholdingTaxFen(1_000_000, 'labour-remuneration')).toBe(160_000); // 10000 × 80% × 20% = ¥1600
    expect(withholdingTaxFen(3_000_000, 'labour-remuneration')).toBe(520_000); // 24000 × 30% − 2000 = ¥5200
    expect(withholdingTaxFen(10_000_000, 'labour-remuneration')).toBe(2_500_000); // 80000 × 40% − 7000 = ¥25000
  });

  it('withholds nothing under the none rule or for nothing earned', () => {
    expect(withholdingTaxFen(10_000_000, 'none')).toBe(0);
    expect(withholdingTaxFen(-5_000, 'labour-remuneration')).toBe(0);
  });
});
