import { DERIVED_FILTER_NAMES, FILTER_NAMES, FILTER_VALUES, materialFiltersSchema, type FilterName, type MaterialFilters, type MaterialReleases } from '@mkt/contracts';

/**
 * Filter values as stored on a material (jsonb: filter name → array of values): only known names
 * and allowed values, de-duplicated, in the order of FILTER_VALUES, empty names dropped.
 * Throws on unknown values (the console gets a 422 through its schema before this).
 */
export function normalizeFilters(input: unknown): MaterialFilters {
  const parsed = materialFiltersSchema.parse(input ?? {}) as MaterialFilters;
  const result: MaterialFilters = {};
  for (const name of FILTER_NAMES) {
    const values = parsed[name];
    if (!values?.length) continue;
    const allowed = FILTER_VALUES[name] as readonly string[];
    result[name] = allowed.filter((value) => values.includes(value));
  }
  return result;
}

/** The selected filters of a search, as containment documents: one per value, OR within a name, AND across names. */
export function filterClauses(filters: MaterialFilters): { name: FilterName; documents: string[] }[] {
  const normalized = normalizeFilters(filters);
  return FILTER_NAMES.filter((name) => normalized[name]?.length).map((name) => ({
    name,
    documents: (normalized[name] as string[]).map((value) => JSON.stringify({ [name]: [value] })),
  }));
}

/** Filters that follow from technical metadata (resolution, frame rate, duration), merged with curated ones. */
export function derivedFilters(media: { height: number; fps: number | null; durationSeconds: number | null }): MaterialFilters {
  const derived: MaterialFilters = {};
  const h = media.height;
  const resolution = h >= 4320 ? '8k' : h >= 3160 ? '6k' : h >= 2160 ? '4k' : h >= 1440 ? '2k' : h >= 1080 ? '1080p' : h >= 720 ? '720p' : null;
  if (resolution) derived.resolution = [resolution];
  if (media.fps) {
    const rates = FILTER_VALUES.frameRate.map(Number);
    const nearest = rates.reduce((best, rate) => (Math.abs(rate - media.fps!) < Math.abs(best - media.fps!) ? rate : best));
    derived.frameRate = [String(nearest)];
  }
  if (media.durationSeconds !== null) {
    const d = media.durationSeconds;
    derived.duration = [d < 10 ? '0-10' : d < 30 ? '10-30' : d < 60 ? '30-60' : '60+'];
  }
  return derived;
}

/** The `release` filter of a material's release status, so buyers can ask for released or editorial footage. */
export function releaseFilters(releases: MaterialReleases): MaterialFilters {
  const values = [
    ...(releases.model ? (['model-released'] as const) : []),
    ...(releases.property ? (['property-released'] as const) : []),
    ...(releases.editorialOnly ? (['editorial'] as const) : []),
  ];
  return values.length > 0 ? { release: values } : {};
}

export function mergeFilters(...sets: MaterialFilters[]): MaterialFilters {
  const merged: Record<string, string[]> = {};
  for (const set of sets) for (const [name, values] of Object.entries(set)) merged[name] = [...(merged[name] ?? []), ...(values ?? [])];
  return normalizeFilters(merged);
}

/**
 * Filters chosen by hand (`chosen`, normalized) with the derived ones (colours, releases) kept from
 * `current`: computed from the media, they are not anyone's to set or clear.
 */
export function withDerivedFiltersOf(current: MaterialFilters, chosen: unknown): MaterialFilters {
  const result: Record<string, string[] | undefined> = { ...normalizeFilters(chosen) };
  for (const name of DERIVED_FILTER_NAMES) result[name] = current[name];
  return normalizeFilters(result);
}
