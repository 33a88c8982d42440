import { vatIncludedFen, vipPriceFen } from '@mkt/contracts';

describe('money rules (integer fen)', () => {
  it('takes 6% VAT out of an inclusive amount, rounding half up, tax + net = amount', () => {
    expect(vatIncludedFen(10_600)).toEqual({ taxFen: 600, netFen: 10_000 });
    // 100 fen × 6 / 106 = 5.66 → 6
    expect(vatIncludedFen(100)).toEqual({ taxFen: 6, netFen: 94 });
    // 53 × 6 / 106 = 3.0 exactly; 9 × 6 / 106 = 0.509 → 1; 8 × 6 / 106 = 0.45 → 0
    expect(vatIncludedFen(53).taxFen).toBe(3);
    expect(vatIncludedFen(9).taxFen).toBe(1);
    expect(vatIncludedFen(8).taxFen).toBe(0);
    for (const amount of [0, 1, 99, 12_345, 9_999_999]) {
      const { taxFen, netFen } = vatIncludedFen(amount);
      expect(Number.isInteger(taxFen) && taxFen + netFen === amount).toBe(true);
    }
  });

  it('applies the VIP share of list price, never below half price', () => {
    expect(vipPriceFen(10_000)).toBe(8_000);
    expect(vipPriceFen(10_000, 30)).toBe(5_000);
    expect(vipPriceFen(10_000, 120)).toBe(10_000);
    // 12,345 × 0.8 = 9,876.0; 333 × 0.8 = 266.4 → 266; 335 × 0.5 = 167.5 → 168
    expect(vipPriceFen(12_345)).toBe(9_876);
    expect(vipPriceFen(333)).toBe(266);
    expect(vipPriceFen(335, 50)).toBe(168);
  });
});
