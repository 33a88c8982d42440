import { FILTER_NAMES, FILTER_VALUES, type FacetBucket, type FilterName } from '@mkt/contracts';

/** Every filter name with every allowed value at count 0, in the order of FILTER_VALUES (what each adapter fills in). */
export function emptyFacets(): Partial<Record<FilterName, FacetBucket[]>> {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, (FILTER_VALUES[name] as readonly string[]).map((value) => ({ value, count: 0 }))]));
}
