/** The console shows every time in China Standard Time; the server sends ISO 8601 in UTC. */
export const CONSOLE_TIME_ZONE = 'Asia/Shanghai';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: CONSOLE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2025-06-04 00:30" for 2025-06-03T16:30:00Z; '' for a missing or invalid date. */
export function formatShanghai(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const found = parts.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => found.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
