import { payoutSettings } from './payouts.settings.js';
import { shiftedClockProviders } from './shifted-clock.js';

describe('payout settings', () => {
  it('has documented defaults', () => {
    expect(payoutSettings({})).toEqual({ defaultSharePercent: 50, projectDownloadFen: 3000, taxRule: 'labour-remuneration', clockShiftDays: 0 });
  });

  it('names the variable that is wrong', () => {
    expect(() => payoutSettings({ PAYOUT_DEFAULT_SHARE_PERCENT: '101' })).toThrow(/PAYOUT_DEFAULT_SHARE_PERCENT/);
    expect(() => payoutSettings({ PAYOUT_TAX_RULE: 'flat' })).toThrow(/PAYOUT_TAX_RULE/);
  });

  it('moves the statement clock ahead only outside production', () => {
    expect(shiftedClockProviders({})).toEqual([]);
    const provider = shiftedClockProviders({ PAYOUT_CLOCK_SHIFT_DAYS: '40' })[0]!;
    const ahead = provider.useValue.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(39.9 * 86_400_000);
    expect(ahead).toBeLessThan(40.1 * 86_400_000);
    expect(() => payoutSettings({ PAYOUT_CLOCK_SHIFT_DAYS: '40', NODE_ENV: 'production' })).toThrow(/not allowed in production/);
  });
});
