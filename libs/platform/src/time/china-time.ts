/**
 * The product shows and groups time in China's time zone, UTC+8 all year (no daylight saving),
 * whatever zone the server runs in. These shift a UTC instant so its UTC fields read as UTC+8.
 */
export const CHINA_OFFSET_MS = 8 * 3600_000;

/** A Date whose getUTC* fields are the UTC+8 wall clock of `at`. */
export function chinaWallClock(at: Date): Date {
  return new Date(at.getTime() + CHINA_OFFSET_MS);
}

/** The UTC+8 calendar date of an instant, YYYY-MM-DD. */
export function chinaDate(at: Date): string {
  return chinaWallClock(at).toISOString().slice(0, 10);
}

/** The UTC+8 date and minute of an instant, YYYY-MM-DD HH:mm. */
export function chinaDateTime(at: Date): string {
  return chinaWallClock(at).toISOString().slice(0, 16).replace('T', ' ');
}
