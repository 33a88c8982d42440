import type { FilterName } from '@mkt/contracts/web';

/**
 * Labels of the category filters (spec section 9). The values are the contract's keys; each
 * language file names every one of them under `filters`.
 */
export interface FilterMessages {
  filters: {
    names: Readonly<Record<FilterName, string>>;
    values: { readonly [K in FilterName]: Readonly<Record<string, string>> };
  };
}

export function filterName(messages: FilterMessages, name: FilterName): string {
  return messages.filters.names[name] ?? name;
}

/** The label of one value; an unknown value (a newer server) shows as itself. */
export function facetLabel(messages: FilterMessages, name: FilterName, value: string): string {
  return messages.filters.values[name]?.[value] ?? value;
}
