import { STATEMENT_STATUSES, formatFen } from '@mkt/contracts/web';
import { billEn as en } from '../../i18n/resources/bill.en';
import { billZhCN as zhCN } from '../../i18n/resources/bill.zh-CN';
import { REJECT_REASON_MAX, STATUS_TONE, awaitsAnswer, earningsChart, isRefund, licenceTypeLabel, quarterBars, rejectReasonProblem } from './billView';

describe('money on /Bill', () => {
  // /Bill prints with the shared formatter (its own cases are in libs/contracts/src/money.spec.ts).
  it('groups thousands from integer fen and puts the sign of a refund before the currency', () => {
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(-123456)).toBe('-¥1,234.56');
  });
});

describe('statement states on /Bill', () => {
  it('lets the contributor answer only a statement waiting for them', () => {
    expect(STATEMENT_STATUSES.filter(awaitsAnswer)).toEqual(['toBeConfirmed']);
  });

  it('has a tone and a label in both languages for every status', () => {
    for (const status of STATEMENT_STATUSES) {
      expect(STATUS_TONE[status]).toBeDefined();
      expect(zhCN.status[status]).toBeTruthy();
      expect(en.status[status]).toBeTruthy();
    }
    expect(zhCN.status).toEqual({ toBeConfirmed: '待确认', generated: '已生成', rejected: '已驳回', remitted: '已汇款', invalid: '已作废' });
    expect(en.status.toBeConfirmed).toBe('To be confirmed');
  });
});

describe('reject reasons', () => {
  it('requires a reason that is more than blanks', () => {
    expect(rejectReasonProblem('')).toBe('required');
    expect(rejectReasonProblem('  \n ')).toBe('required');
    expect(rejectReasonProblem('第 3 行的售价不对')).toBeNull();
  });

  it('allows at most 200 characters once trimmed, like the server', () => {
    expect(REJECT_REASON_MAX).toBe(200);
    expect(rejectReasonProblem('错'.repeat(200))).toBeNull();
    expect(rejectReasonProblem(`  ${'错'.repeat(200)}  `)).toBeNull();
    expect(rejectReasonProblem('错'.repeat(201))).toBe('tooLong');
  });
});

describe('earnings per quarter', () => {
  it('lists the newest quarter first with bars against the best one', () => {
    const bars = quarterBars([
      { year: 2024, quarter: 4, earningFen: 5000, saleCount: 2 },
      { year: 2025, quarter: 1, earningFen: 20000, saleCount: 5 },
      { year: 2025, quarter: 2, earningFen: 50, saleCount: 1 },
    ]);
    expect(bars.map((b) => `${b.year}Q${b.quarter}`)).toEqual(['2025Q2', '2025Q1', '2024Q4']);
    expect(bars.map((b) => b.percent)).toEqual([1, 100, 25]);
  });

  it('draws no bar for a quarter that lost money to refunds, nor when nothing was earned', () => {
    expect(quarterBars([{ year: 2025, quarter: 1, earningFen: -3000, saleCount: 0 }])[0]?.percent).toBe(0);
    expect(quarterBars([{ year: 2025, quarter: 1, earningFen: 0, saleCount: 0 }])[0]?.percent).toBe(0);
    expect(quarterBars([])).toEqual([]);
  });

  it('does not reorder the answer it was given', () => {
    const quarters = [
      { year: 2024, quarter: 4, earningFen: 1, saleCount: 1 },
      { year: 2025, quarter: 1, earningFen: 2, saleCount: 1 },
    ];
    quarterBars(quarters);
    expect(quarters[0]?.year).toBe(2024);
  });
});

describe('statement lines', () => {
  it('shows reversals as refunds', () => {
    expect(isRefund({ entryType: 'reversal' })).toBe(true);
    expect(isRefund({ entryType: 'sale' })).toBe(false);
  });

  it('names the licence in the page language, or the order kind the ledger recorded instead', () => {
    expect(licenceTypeLabel('commercial', 'zh-CN')).toEqual({ text: '商业授权' });
    expect(licenceTypeLabel('personal', 'en')).toEqual({ text: 'Individual non-commercial' });
    expect(licenceTypeLabel('project', 'en')).toEqual({ kind: 'project' });
    expect(licenceTypeLabel('music', 'zh-CN')).toEqual({ kind: 'music' });
    expect(licenceTypeLabel('something-new', 'en')).toEqual({ text: 'something-new' });
  });
});

describe('earnings chart', () => {
  it('stacks the best sellers per quarter, oldest first, and puts the rest in one series', () => {
    const chart = earningsChart(
      {
        quarters: [
          { year: 2025, quarter: 2, earningFen: 9_000, saleCount: 3 },
          { year: 2025, quarter: 1, earningFen: 1_000, saleCount: 1 },
        ],
        bestSellers: [
          { materialId: 1, code: 'V1', title: 'Sea', saleCount: 2, earningFen: 6_000, quarters: [{ year: 2025, quarter: 2, earningFen: 6_000 }] },
          { materialId: 2, code: 'P2', title: 'Hill', saleCount: 1, earningFen: 1_000, quarters: [{ year: 2025, quarter: 1, earningFen: 1_000 }] },
        ],
      },
      5,
    );
    expect(chart.quarters).toEqual([
      { year: 2025, quarter: 1 },
      { year: 2025, quarter: 2 },
    ]);
    expect(chart.series).toEqual([
      { label: 'V1 Sea', values: [0, 6_000] },
      { label: 'P2 Hill', values: [1_000, 0] },
      { label: null, values: [0, 3_000] },
    ]);
  });

  it('has no "other" series when the best sellers are everything', () => {
    const chart = earningsChart({ quarters: [{ year: 2025, quarter: 1, earningFen: 500, saleCount: 1 }], bestSellers: [{ materialId: 1, code: 'V1', title: 'Sea', saleCount: 1, earningFen: 500, quarters: [{ year: 2025, quarter: 1, earningFen: 500 }] }] });
    expect(chart.series).toEqual([{ label: 'V1 Sea', values: [500] }]);
  });
});
