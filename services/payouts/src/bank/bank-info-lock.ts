import { BANK_INFO_LOCK_MONTHS } from '@mkt/contracts';

/**
 * Bank info cannot change for a year after a change was verified (spec section 9). The year is
 * counted in calendar months on the UTC+8 calendar, so a change verified on 29 February unlocks
 * on 1 March of the next year rather than on a day that does not exist.
 */
export function bankInfoUnlocksAt(verifiedAt: Date): Date {
  const shifted = new Date(verifiedAt.getTime() + 8 * 3600_000);
  const day = shifted.getUTCDate();
  shifted.setUTCDate(1);
  shifted.setUTCMonth(shifted.getUTCMonth() + BANK_INFO_LOCK_MONTHS);
  const daysInMonth = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate();
  if (day > daysInMonth) shifted.setUTCMonth(shifted.getUTCMonth() + 1, 1);
  else shifted.setUTCDate(day);
  return new Date(shifted.getTime() - 8 * 3600_000);
}

export function isBankInfoLocked(verifiedAt: Date | null, now: Date): boolean {
  return verifiedAt !== null && now < bankInfoUnlocksAt(verifiedAt);
}
