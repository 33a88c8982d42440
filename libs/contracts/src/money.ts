/**
 * The one way the store and the console show money. Amounts travel as integer fen; this turns
 * them into yuan with two decimals and thousands separators ("¥150.00", "¥150,000.00").
 *
 * It works on integers rather than `Intl.NumberFormat` or `toLocaleString` so that every page
 * and both languages print the same string for the same amount: the locale's grouping and
 * rounding differ between browsers and Node builds, and Chinese and English both write yuan as
 * ¥1,234.56.
 */
export function formatFen(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '—';
  const abs = Math.round(Math.abs(fen));
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  return `${fen < 0 && abs > 0 ? '-' : ''}¥${whole}.${cents}`;
}

/**
 * Integer fen as the plain decimal a staff member edits in a price field ("1500.50"): no sign of
 * currency and no separators, so what is shown can be typed back and parsed by `parseYuan`.
 */
export function fenToYuanText(fen: number): string {
  const abs = Math.round(Math.abs(fen));
  return `${fen < 0 && abs > 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Yuan typed by a person to integer fen, without floating-point drift ("12.3" → 1230); null when not a price. */
export function parseYuan(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
