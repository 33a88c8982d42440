import { DERIVED_FILTER_NAMES, FILTER_NAMES, FILTER_VALUES, MATERIAL_KINDS, MATERIAL_SOURCES, MATERIAL_STATUSES, type FilterName } from '@mkt/contracts';

/** Choices whose names are translation keys (react-admin translates them). */
export const kindChoices = MATERIAL_KINDS.map((kind) => ({ id: kind, name: `app.material.kinds.${kind}` }));
/** Categories exist for videos and photos only. */
export const categoryKindChoices = (['video', 'photo'] as const).map((kind) => ({ id: kind, name: `app.material.kinds.${kind}` }));
export const statusChoices = MATERIAL_STATUSES.map((status) => ({ id: status, name: `app.material.statuses.${status}` }));
export const sourceChoices = MATERIAL_SOURCES.map((from) => ({ id: from, name: `app.material.sources.${from}` }));

export const filterLabel = (name: FilterName) => `app.filters.names.${name}`;
export const filterValueLabel = (name: FilterName, value: string) => `app.filters.values.${name}.${value}`;
export const filterChoices = (name: FilterName) =>
  (FILTER_VALUES[name] as readonly string[]).map((value) => ({ id: value, name: filterValueLabel(name, value) }));

/** The filters staff set by hand: the derived ones (colours, from the media) are shown, not edited. */
export const EDITABLE_FILTER_NAMES = FILTER_NAMES.filter((name) => !(DERIVED_FILTER_NAMES as readonly FilterName[]).includes(name));

export const hasCategories = (kind: unknown): kind is 'video' | 'photo' => kind === 'video' || kind === 'photo';
