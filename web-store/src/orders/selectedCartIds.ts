/** `?cartIds=1,2` of /Putorder (a board's selection): the cart lines a quote is asked for; null (every line) when absent or unreadable. */
export function selectedCartIds(raw: string | null): Set<number> | null {
  if (!raw) return null;
  const ids = raw.split(',').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  return ids.length > 0 ? new Set(ids) : null;
}

/** The /Putorder address for these cart lines. */
export const putorderFor = (cartIds: readonly number[]) => `/Putorder?cartIds=${cartIds.join(',')}`;
