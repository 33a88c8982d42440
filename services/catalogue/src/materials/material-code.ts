import type { MaterialKind } from '@mkt/contracts';

/**
 * The copy number shown on cards: a kind prefix and 8 digits ('LV10000123' is video 123).
 * Search accepts it in any case, and a bare material ID as digits.
 */
export const CODE_PREFIX: Record<MaterialKind, string> = { video: 'LV', photo: 'LP', music: 'LM', sfx: 'LS' };
const CODE_BASE = 10_000_000;

export function materialCode(kind: MaterialKind, id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`material id must be a positive integer, got ${id}`);
  return `${CODE_PREFIX[kind]}${CODE_BASE + id}`;
}

/** The id a copy number in materialCode's form names (its kind prefix unchecked), or null. */
export function idOfMaterialCode(code: string): number | null {
  const match = /^L[VPMS](\d{8,15})$/.exec(code);
  if (!match) return null;
  const id = Number(match[1]) - CODE_BASE;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type ExactLookup = { by: 'code'; code: string } | { by: 'id'; id: number } | null;

/** A keyword that names one material: its copy number (any case, spaces around) or its numeric ID. */
export function exactLookupOf(keyword: string): ExactLookup {
  const text = keyword.normalize('NFKC').trim();
  if (/^l[vpms]\d{4,15}$/i.test(text)) return { by: 'code', code: text.toUpperCase() };
  if (/^\d{1,15}$/.test(text)) {
    const id = Number(text);
    return id > 0 && Number.isSafeInteger(id) ? { by: 'id', id } : null;
  }
  return null;
}
