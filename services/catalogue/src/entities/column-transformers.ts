import type { ValueTransformer } from 'typeorm';

/** bigint and numeric columns arrive from pg as strings; the catalogue's values fit a JS number. */
export const numberColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};
