/** The largest value a PostgreSQL `integer` column (and so a `serial` id) holds. */
export const INT4_MAX = 2_147_483_647;

/**
 * `bigint` ids are read back as JavaScript numbers, so they are bounded by what a double holds
 * exactly rather than by the column.
 */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;
