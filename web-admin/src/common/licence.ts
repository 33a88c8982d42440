/** One of LICENCE_LABELS' tables: a licence choice's [Chinese, English] label by key. */
export type BilingualLabels = Record<string, readonly [string, string]>;

/**
 * Both languages of a licence choice, as printed on the authorization file ("广告 / Advertising"):
 * staff check what the buyer will read, whatever the console's language. Unknown keys as they are.
 */
export function bilingualLabel(table: BilingualLabels, key: string): string {
  return table[key]?.join(' / ') ?? key;
}

/** A contract enum as select choices labelled in both languages (pass translateChoice={false}). */
export function bilingualChoices(keys: readonly string[], table: BilingualLabels): { id: string; name: string }[] {
  return keys.map((id) => ({ id, name: bilingualLabel(table, id) }));
}
