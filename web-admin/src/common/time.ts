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

/** What an `<input type="datetime-local">` holds: a wall-clock time without a zone (seconds only with a step below a minute). */
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * An instant as a datetime-local input's value in UTC+8 ("2025-06-04T00:30"), so the form shows
 * the same clock as the rest of the console whatever the browser's zone. '' for no date; a value
 * that already is an input value is kept (react-admin formats what it just parsed again).
 */
export function toShanghaiInput(value: unknown): string {
  if (typeof value === 'string' && LOCAL_INPUT.test(value)) return value;
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  return formatShanghai(value).replace(' ', 'T');
}

/**
 * A datetime-local input's value read as UTC+8, as the ISO string with offset the API takes;
 * null for an empty input (no date). Anything else is passed on for validation to refuse.
 */
export function fromShanghaiInput(value: unknown): string | null {
  if (value == null || value === '') return null;
  if (typeof value !== 'string' || !LOCAL_INPUT.test(value)) return value as string;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}+08:00`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
