/** Yuan typed by staff to integer fen, without floating-point drift ("12.3" → 1230); null when not a price. */
export function yuanToFen(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const fenToYuan = (fen: number | null | undefined): string => (fen === null || fen === undefined ? '—' : (fen / 100).toFixed(2));
