import type { TaxRule } from '../payouts.settings.js';

/**
 * Tax withheld from one statement's earnings, in fen. `labour-remuneration` is the PRC
 * individual income tax withheld on remuneration for services (劳务报酬预扣预缴), per payment:
 * nothing up to ¥800; above it, 20% of (income − ¥800) up to ¥4,000; above ¥4,000 the taxable
 * part is 80% of the income, at 20% up to ¥20,000 of taxable income, 30% minus ¥2,000 up to
 * ¥50,000, 40% minus ¥7,000 beyond. `none` withholds nothing (company settlement, or tax handled
 * elsewhere). Rounded to the fen, never negative.
 */
export function withholdingTaxFen(grossFen: number, rule: TaxRule): number {
  if (rule === 'none' || grossFen <= 80_000) return 0;
  const taxable = grossFen <= 400_000 ? grossFen - 80_000 : Math.round(grossFen * 0.8);
  let tax: number;
  if (taxable <= 2_000_000) tax = taxable * 0.2;
  else if (taxable <= 5_000_000) tax = taxable * 0.3 - 200_000;
  else tax = taxable * 0.4 - 700_000;
  return Math.max(0, Math.round(tax));
}
