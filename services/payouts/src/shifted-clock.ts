import { Clock } from '@mkt/platform';
import { payoutSettings } from './payouts.settings.js';

/** The real time moved ahead by a number of days (PAYOUT_CLOCK_SHIFT_DAYS). */
export class ShiftedClock extends Clock {
  constructor(private readonly shiftMs: number) {
    super();
  }
  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }
}

/** Payouts' own clock only when a shift is configured; otherwise the platform's clock serves. */
export function shiftedClockProviders(env: NodeJS.ProcessEnv = process.env) {
  const days = payoutSettings(env).clockShiftDays;
  return days === 0 ? [] : [{ provide: Clock, useValue: new ShiftedClock(days * 86_400_000) }];
}
